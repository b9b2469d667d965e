/**
 * Big rooms (docs/architecture.md §5): `items.window` sends a screen just the items it
 * shows (and `item` one item, for its page) — searched, filtered and sorted by the room's SQLite — with how many
 * match (`itemCounts`), and follows the room's writes by reading the window
 * again (one read for a burst of writes); `items.copy` gives a phone its own
 * copy of the whole catalogue a page at a time, and afterwards only what
 * changed since. Neither holds the room's items in the object's memory.
 */

import { COLLECTION, METHOD, PUBLICATION, windowCountId } from "../../protocol/api";
import { PUBLICATION_ARGS } from "../../protocol/args";
import { defineMethod } from "../contract";
import { findItem, toItemDoc } from "../db/room/items-repo";
import { countWindow, itemChangesAfter, itemWindow } from "../db/room/items-window-repo";
import type { LiveRegistry } from "../live/registry";
import { asDoc } from "../live/types";
import { requireRole } from "../rooms/access";
import type { RoomHost } from "../rooms/room-host";

/**
 * Every write is made in this object, so a window reads again when one
 * lands; the timer only catches what nothing announced.
 */
const WINDOW_REREAD_MS = 5 * 60_000;

export function registerItemsWindow(registry: LiveRegistry<RoomHost>): void {
  registry.publish(PUBLICATION.ITEMS_WINDOW, {
    args: PUBLICATION_ARGS[PUBLICATION.ITEMS_WINDOW],
    run: async (ctx, query) => {
      await requireRole(ctx);
      const { roomDb, roomId } = ctx.host;
      // Everyone looking at the same window (the newest items, a search) shares one read per write.
      const key = JSON.stringify(query);
      return [
        {
          kind: "polled",
          collection: COLLECTION.ITEMS,
          key,
          intervalMs: WINDOW_REREAD_MS,
          fetch: async () => itemWindow(roomDb, roomId, query).map((row) => asDoc(toItemDoc(row))),
        },
        {
          kind: "polled",
          collection: COLLECTION.ITEM_COUNTS,
          key,
          watch: COLLECTION.ITEMS,
          intervalMs: WINDOW_REREAD_MS,
          fetch: async () => [{ _id: windowCountId(query), ...countWindow(roomDb, roomId, query) }],
        },
      ];
    },
  });

  registry.publish(PUBLICATION.ITEM, {
    args: PUBLICATION_ARGS[PUBLICATION.ITEM],
    run: async (ctx, itemId) => {
      await requireRole(ctx);
      return {
        kind: "observed",
        collection: COLLECTION.ITEMS,
        key: `item:${itemId}`,
        fetch: async () => {
          const row = await findItem(ctx.host.roomDb, ctx.host.roomId, itemId);
          return row ? [asDoc(toItemDoc(row))] : [];
        },
        matches: (doc) => doc._id === itemId,
      } as const;
    },
  });

  defineMethod(registry, METHOD.ITEMS_COPY, {
    run: async (ctx, afterSeq, limit) => {
      await requireRole(ctx);
      const page = itemChangesAfter(ctx.host.roomDb, afterSeq, limit);
      return { items: page.rows.map(toItemDoc), removed: page.removed, seq: page.seq, more: page.more };
    },
  });
}
