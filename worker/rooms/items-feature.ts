/**
 * The live item list of a room: the `items` publication, the named item
 * methods the app uses, and the `items` collection opened to generic
 * client writes (`/items/insert|update|remove`) under allow/deny rules.
 */
import { COLLECTION, can, METHOD, METHOD_ARGS, PUBLICATION, PUBLICATION_ARGS } from "../../protocol/api";
import { findItem, listItems, toItemDoc } from "../db/items-repo";
import type { WritableCollection } from "../live/allow-deny";
import type { LiveRegistry } from "../live/registry";
import { asDoc, type Doc, type MethodContext } from "../live/types";
import { requireRole } from "./access";
import { addItem, editItem, removeItem } from "./items-service";
import type { RoomHost } from "./room-host";

function withoutMeta(doc: Doc): Record<string, unknown> {
  const { _id, createdAt, updatedAt, ...fields } = doc;
  return fields;
}

async function mayEditItems(ctx: MethodContext<RoomHost>): Promise<boolean> {
  return can.editItems(ctx.userId ? await ctx.host.roleOf(ctx.userId) : null);
}

/** Client writes go through the same validation as the named methods. */
const itemsCollection: WritableCollection<RoomHost> = {
  name: COLLECTION.ITEMS,
  // Owners, admins and members may write; viewers and strangers may not.
  allow: [{ insert: mayEditItems, update: mayEditItems, remove: mayEditItems }],
  deny: [{ update: (_ctx, _doc, fieldNames) => fieldNames.some((name) => ["createdAt", "updatedAt"].includes(name)) }],
  async findOne(host, id) {
    const row = await findItem(host.db, host.roomId, id);
    return row ? asDoc(toItemDoc(row)) : null;
  },
  async insert(host, doc) {
    await addItem(host, withoutMeta(doc), doc._id);
  },
  async update(host, next) {
    await editItem(host, next._id, withoutMeta(next));
  },
  async remove(host, previous) {
    await removeItem(host, previous._id);
  },
};

export function registerItems(registry: LiveRegistry<RoomHost>): void {
  registry.publish(PUBLICATION.ITEMS, {
    args: PUBLICATION_ARGS[PUBLICATION.ITEMS],
    run: async (ctx) => {
      await requireRole(ctx);
      return {
        kind: "observed",
        collection: COLLECTION.ITEMS,
        fetch: async () => (await listItems(ctx.host.db, ctx.host.roomId)).map((row) => asDoc(toItemDoc(row))),
        matches: () => true,
      } as const;
    },
  });
  registry.method(METHOD.ITEMS_ADD, {
    args: METHOD_ARGS[METHOD.ITEMS_ADD],
    run: async (ctx, fields) => {
      await requireRole(ctx, can.editItems);
      return addItem(ctx.host, fields);
    },
  });
  registry.method(METHOD.ITEMS_UPDATE, {
    args: METHOD_ARGS[METHOD.ITEMS_UPDATE],
    run: async (ctx, id, patch) => {
      await requireRole(ctx, can.editItems);
      return editItem(ctx.host, id, patch);
    },
  });
  registry.method(METHOD.ITEMS_REMOVE, {
    args: METHOD_ARGS[METHOD.ITEMS_REMOVE],
    run: async (ctx, id) => {
      await requireRole(ctx, can.editItems);
      return removeItem(ctx.host, id);
    },
  });
  registry.collection(itemsCollection);
}
