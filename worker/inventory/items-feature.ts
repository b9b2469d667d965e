/**
 * The live catalogue of a room: the `items` publication and an item's
 * history, the named item methods the app uses, and the `items` collection
 * opened to generic client writes (`/items/insert|update|remove`) under
 * allow/deny rules.
 */

import {
  COLLECTION,
  can,
  LIMITS,
  METHOD,
  PUBLICATION,
  SERVER_ITEM_FIELDS,
  WHOLE_CATALOGUE_REFUSED,
} from "../../protocol/api";
import { PUBLICATION_ARGS } from "../../protocol/args";
import { LiveError } from "../../protocol/errors";
import { RandomStream } from "../../protocol/random-stream";
import { appUrl } from "../app-url";
import { defineMethod } from "../contract";
import { listHistory, toHistoryDoc } from "../db/room/item-history-repo";
import { findItem, findItems, hasMoreItemsThan, listItems, listNewestItems, toItemDoc } from "../db/room/items-repo";
import type { WritableCollection } from "../live/allow-deny";
import type { LiveRegistry } from "../live/registry";
import { asDoc, type Doc, type MethodContext } from "../live/types";
import { requireRole } from "../rooms/access";
import type { RoomHost } from "../rooms/room-host";
import { shortSharePath } from "../rooms/share-links";
import { bulkEdit, bulkEditSelection, bulkUndo, editInBulk } from "./bulk-edit";
import { registerBulkKind } from "./bulk-jobs";
import { setItemsStatus, setStatusInBulk } from "./item-bulk-edits";
import { addItem, addItemPhoto, editItem, moveItemPhoto, removeItem, restoreItem } from "./items-service";
import { copyShareCodes, shareCodesFor } from "./share-codes";
import { indexTags } from "./tags-backfill";
import { indexWords } from "./words-backfill";

const serverFields: readonly string[] = SERVER_ITEM_FIELDS;

function clientFields(doc: Doc): Record<string, unknown> {
  return Object.fromEntries(Object.entries(doc).filter(([name]) => !serverFields.includes(name)));
}

async function mayEditItems(ctx: MethodContext<RoomHost>): Promise<boolean> {
  return can.editItems(ctx.userId ? await ctx.host.roleOf(ctx.userId) : null);
}

/** Items sent before the rest when a catalogue opens: more rows than a tall screen shows (rows are ~56 px). */
const FIRST_SCREENFUL = 50;

/** The allow rule has checked the role, so a writer is signed in. */
const actorOf = (ctx: MethodContext<RoomHost>) => ctx.userId ?? "";

/** Client writes go through the same validation as the named methods. */
const itemsCollection: WritableCollection<RoomHost> = {
  name: COLLECTION.ITEMS,
  // Owners, admins and members may write; viewers and strangers may not.
  allow: [{ insert: mayEditItems, update: mayEditItems, remove: mayEditItems }],
  deny: [{ update: (_ctx, _doc, fieldNames) => fieldNames.some((name) => serverFields.includes(name)) }],
  async findOne(host, id) {
    const row = await findItem(host.roomDb, host.roomId, id);
    return row ? asDoc(toItemDoc(row)) : null;
  },
  async insert(ctx, doc) {
    await addItem(ctx.host, actorOf(ctx), clientFields(doc), doc._id);
  },
  async update(ctx, next) {
    await editItem(ctx.host, actorOf(ctx), next._id, clientFields(next));
  },
  async remove(ctx, previous) {
    await removeItem(ctx.host, actorOf(ctx), previous._id);
  },
};

export function registerItems(registry: LiveRegistry<RoomHost>): void {
  registerBulkKind("set-status", setStatusInBulk);
  registerBulkKind("share-codes-copy", copyShareCodes);
  registerBulkKind("item-tags", indexTags);
  registerBulkKind("item-words", indexWords);
  registerBulkKind("bulk-edit", editInBulk);
  registry.publish(PUBLICATION.ITEMS, {
    args: PUBLICATION_ARGS[PUBLICATION.ITEMS],
    run: async (ctx) => {
      await requireRole(ctx);
      return {
        kind: "observed",
        collection: COLLECTION.ITEMS,
        // Everyone with the catalogue open shares one read and one set of documents.
        key: "all",
        fetch: async () => {
          // Whoever asks, a big room's catalogue is not read and sent whole: its pages hold windows. (A
          // room whose first screenful is all it has is never asked: most rooms pay nothing for this.)
          if (hasMoreItemsThan(ctx.host.roomDb, ctx.host.roomId, LIMITS.BIG_ROOM)) {
            throw new LiveError(413, WHOLE_CATALOGUE_REFUSED);
          }
          return (await listItems(ctx.host.roomDb, ctx.host.roomId)).map((row) => asDoc(toItemDoc(row)));
        },
        // The newest first: a 10,000-item catalogue shows its top rows while the rest are read; a room
        // of fewer (most shops) is read once, as the live layer then skips the full fetch.
        first: {
          count: FIRST_SCREENFUL,
          read: async () =>
            (await listNewestItems(ctx.host.roomDb, ctx.host.roomId, FIRST_SCREENFUL)).map((row) =>
              asDoc(toItemDoc(row)),
            ),
        },
        matches: () => true,
      } as const;
    },
  });
  registry.publish(PUBLICATION.ITEM_HISTORY, {
    args: PUBLICATION_ARGS[PUBLICATION.ITEM_HISTORY],
    run: async (ctx, itemId) => {
      await requireRole(ctx);
      return {
        kind: "observed",
        collection: COLLECTION.ITEM_HISTORY,
        key: itemId,
        fetch: async () =>
          (await listHistory(ctx.host.roomDb, ctx.host.roomId, itemId, LIMITS.HISTORY)).map((row) =>
            asDoc(toHistoryDoc(row)),
          ),
        matches: (doc) => doc.itemId === itemId,
      } as const;
    },
  });
  defineMethod(registry, METHOD.ITEMS_ADD, {
    run: async (ctx, fields) => {
      await requireRole(ctx, can.editItems);
      // The id comes from the call's seed (Meteor's way): the client's stub makes the same one, and a
      // call re-sent after its answer was lost finds its item made.
      return addItem(ctx.host, actorOf(ctx), fields, new RandomStream(ctx.randomSeed).id(COLLECTION.ITEMS));
    },
  });
  defineMethod(registry, METHOD.ITEMS_UPDATE, {
    run: async (ctx, id, patch) => {
      await requireRole(ctx, can.editItems);
      return editItem(ctx.host, actorOf(ctx), id, patch);
    },
  });
  defineMethod(registry, METHOD.ITEMS_ADD_PHOTO, {
    run: async (ctx, id, photoId) => {
      await requireRole(ctx, can.editItems);
      return addItemPhoto(ctx.host, actorOf(ctx), id, photoId);
    },
  });
  defineMethod(registry, METHOD.ITEMS_MOVE_PHOTO, {
    run: async (ctx, id, photoId, index) => {
      await requireRole(ctx, can.editItems);
      return moveItemPhoto(ctx.host, actorOf(ctx), id, photoId, index);
    },
  });
  defineMethod(registry, METHOD.ITEMS_SET_STATUS, {
    run: async (ctx, ids, status, jobId) => {
      await requireRole(ctx, can.editItems);
      return setItemsStatus(ctx.host, actorOf(ctx), ids, status, jobId);
    },
  });
  defineMethod(registry, METHOD.ITEMS_EDIT_SELECTION, {
    run: async (ctx, ids, change, variantIds, jobId) => {
      await requireRole(ctx, can.editItems);
      return bulkEditSelection(ctx.host, actorOf(ctx), ids, change, variantIds, jobId);
    },
  });
  defineMethod(registry, METHOD.ITEMS_BULK_EDIT, {
    run: async (ctx, ids, change, variantIds) => {
      await requireRole(ctx, can.editItems);
      return bulkEdit(ctx.host, actorOf(ctx), ids, change, variantIds);
    },
  });
  defineMethod(registry, METHOD.ITEMS_BULK_UNDO, {
    run: async (ctx, undo) => {
      await requireRole(ctx, can.editItems);
      return bulkUndo(ctx.host, actorOf(ctx), undo);
    },
  });
  defineMethod(registry, METHOD.ITEMS_RESTORE, {
    run: async (ctx, id, fields) => {
      await requireRole(ctx, can.editItems);
      return restoreItem(ctx.host, actorOf(ctx), id, fields);
    },
  });
  defineMethod(registry, METHOD.ITEMS_REMOVE, {
    run: async (ctx, id) => {
      await requireRole(ctx, can.editItems);
      return removeItem(ctx.host, actorOf(ctx), id);
    },
  });
  // Any member (viewers too) may print labels, so any member may get the links they encode; only those
  // who may publish an item make a link it has not got yet (an item without one answers "").
  defineMethod(registry, METHOD.ITEMS_PUBLIC_LINKS, {
    run: async (ctx, ids) => {
      const role = await requireRole(ctx);
      const base = appUrl(ctx.host.env, ctx);
      const found = await findItems(ctx.host.roomDb, ctx.host.roomId, [...new Set(ids)]);
      // A product sold in variants gets its short link, which each variant's label names it in
      // (protocol/label-key.ts `variantLink`): its store page is the product's, not a variant's.
      const storePages = await ctx.host.extensions.itemPages(
        ctx.host,
        found.filter((row) => row.variants === "[]"),
      );
      const needCodes = found.filter((row) => !storePages.has(row.id)).map((row) => row.id);
      const codes = await shareCodesFor(ctx.host, needCodes, { make: can.shareItems(role), actor: actorOf(ctx) });
      const links: Record<string, string> = {};
      for (const row of found) {
        const code = codes.get(row.id);
        links[row.id] = storePages.get(row.id) ?? (code ? base + shortSharePath(code) : "");
      }
      return links;
    },
  });
  registry.collection(itemsCollection);
}
