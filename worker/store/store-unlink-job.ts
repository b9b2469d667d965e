/**
 * Letting go of the old shop's products when a room connects another shop
 * (store-unlink.ts): every linked item loses its link (a listed one goes
 * back to ready) as a bulk job (inventory/bulk-jobs.ts), a chunk of items
 * per transaction, so a room of thousands of published items is never one
 * long write, and a restart goes on from the last chunk.
 */

import { and, asc, gt, ne, sql } from "drizzle-orm";
import { type ItemStatus, STORE_ACTOR } from "../../protocol/api";
import { toItemDoc } from "../db/room/items-repo";
import { items } from "../db/room/room-schema";
import { BULK_CHUNK, type BulkKind } from "../inventory/bulk-jobs";
import { changedFields } from "../inventory/item-changes";
import { type ItemChange, writeItems } from "../inventory/item-pipeline";
import { historyEntry } from "../inventory/item-writes";
import type { RoomHost } from "../rooms/room-host";
import { storeRuntime } from "./store-runtime";

/** How many items are linked to the store now (the job's total). */
export function linkedItemCount(host: RoomHost): number {
  const row = host.roomDb.select({ n: sql<number>`count(*)` }).from(items).where(ne(items.storeProductId, "")).get();
  return row?.n ?? 0;
}

export const unlinkStoreItems: BulkKind = {
  async chunk(host, job, commit) {
    const rows = host.roomDb
      .select()
      .from(items)
      .where(and(ne(items.storeProductId, ""), gt(items.id, job.cursor)))
      .orderBy(asc(items.id))
      .limit(BULK_CHUNK)
      .all();
    const changes: ItemChange[] = rows.map((before) => {
      storeRuntime(host).cancelFollow(before.id);
      const patch = before.status === "listed" ? { status: "ready" as ItemStatus } : {};
      const fields = changedFields(toItemDoc(before), patch);
      const entry = Object.keys(fields).length
        ? historyEntry(host, before.id, STORE_ACTOR, "updated", fields, "store")
        : null;
      return { id: before.id, before, row: { update: patch, columns: { storeProductId: "" } }, entry, moves: null };
    });
    const progress = {
      cursor: rows.at(-1)?.id ?? job.cursor,
      done: job.done + rows.length,
      result: { unlinked: job.done + rows.length },
      finished: rows.length < BULK_CHUNK,
    };
    writeItems(host, {
      actor: STORE_ACTOR,
      at: host.now(),
      items: changes,
      commit: (statements) => commit(statements, progress),
    });
  },
};
