/**
 * Applying a stocktake (docs/stock.md) as a bulk job (inventory/bulk-jobs.ts):
 * the room's items are walked by id a chunk at a time; each chunk sets
 * every counted variant, at each location it was counted, to its count plus
 * what moved there since its last scan (stocktake-counts.ts), with history
 * entries and `stocktake` movements naming the stocktake, in one
 * transaction. The last chunk also marks the stocktake applied. Scans that
 * arrive while it runs, or after, are kept as late ones (stocktake-feature.ts)
 * and applied the same way when an owner or admin says so.
 */

import { countItems, findItems, itemsAfter } from "../db/room/items-repo";
import type { ItemRow } from "../db/room/room-schema";
import { BULK_CHUNK, type BulkKind, runNewBulkJob } from "../inventory/bulk-jobs";
import { itemEditsInBulk } from "../inventory/item-bulk-edits";
import { writeItems } from "../inventory/item-pipeline";
import type { StockChange } from "../inventory/stock-moves";
import { variantsOfRow } from "../inventory/stock-moves";
import type { RoomHost } from "../rooms/room-host";
import { type CountHere, countsByItem, countsHere, locationsOf, movedSince } from "./stocktake-counts";
import { stocktakeVia } from "./stocktake-summary";
import {
  endStocktakeQuery,
  findStocktake,
  markLateScans,
  type StocktakeRow,
  waitingLateItems,
} from "./stocktakes-repo";

type ApplyParams = { stocktakeId: string; unseenToZero: boolean };

/**
 * The job's id for a stocktake: a re-sent apply finds the run already under
 * way. The colon is one no id a caller chooses has (protocol/id-schema.ts).
 */
export const applyJobId = (stocktakeId: string) => `apply:${stocktakeId}`;

/** Applies the stocktake's counts to the room's items; answers how many items changed. */
export async function applyStocktake(
  host: RoomHost,
  actor: string,
  stocktakeId: string,
  unseenToZero: boolean,
): Promise<number> {
  const params: ApplyParams = { stocktakeId, unseenToZero };
  const job = await runNewBulkJob(host, {
    id: applyJobId(stocktakeId),
    kind: "stocktake-apply",
    subject: stocktakeId,
    params,
    total: countItems(host.roomDb, host.roomId),
    startedBy: actor,
  });
  return (JSON.parse(job.result) as { changed?: number }).changed ?? 0;
}

const signed = (units: number) => (units > 0 ? `+${units}` : String(units));

/**
 * The changes that set each counted variant of `item` at each location to
 * its count plus what moved since; with `unseenToZero`, a variant held at
 * one of `places` and not counted there goes to 0.
 */
function countChanges(
  host: RoomHost,
  stocktakeId: string,
  item: ItemRow,
  counts: readonly CountHere[],
  unseenToZero: { places: readonly string[] } | null,
): StockChange[] {
  const changes: StockChange[] = [];
  for (const variant of variantsOfRow(item)) {
    const counted = new Map(
      counts.filter((count) => count.variantId === variant._id).map((count) => [count.locationId, count]),
    );
    const places = new Set([...counted.keys(), ...(unseenToZero?.places ?? [])]);
    for (const locationId of places) {
      const count = counted.get(locationId);
      const held = variant.stock[locationId] ?? 0;
      // A counted variant is set to its count plus what moved there since its last scan.
      const moved = count ? movedSince(host.roomDb, count, count.lastAt, stocktakeId) : 0;
      const target = count ? count.counted + moved : 0;
      if (target === held) continue;
      // The ledger's "Who" is who counted (the stocktake says who applied it); a count several
      // people made together stays the applier's, and says how many counted.
      const counters = count?.counters ?? [];
      const together = counters.length > 1 ? ` by ${counters.length} people` : "";
      const note = count
        ? `Counted ${count.counted}${together}${moved !== 0 ? `, ${signed(moved)} moved since` : ""}`
        : "Not seen: set to 0";
      changes.push({
        ...(counters.length === 1 ? { by: counters[0] } : {}),
        variantId: variant._id,
        locationId,
        delta: target - held,
        reason: "stocktake",
        reference: stocktakeId,
        note,
      });
    }
  }
  return changes;
}

export function applyInBulk(ended: (host: RoomHost, after: StocktakeRow) => Promise<void>): BulkKind {
  return {
    async chunk(host, job, commit) {
      const { stocktakeId, unseenToZero } = JSON.parse(job.params) as ApplyParams;
      const stocktake = await findStocktake(host.roomDb, host.roomId, stocktakeId);
      if (!stocktake) throw new Error(`stocktake ${stocktakeId} is gone`);
      const places = locationsOf(host.roomDb, stocktake);
      const items = itemsAfter(host.roomDb, host.roomId, job.cursor, BULK_CHUNK);
      const counts = countsByItem(
        countsHere(
          host.roomDb,
          stocktake,
          items.map((item) => item.id),
          false,
        ),
      );
      const edits = itemEditsInBulk(
        host,
        job.startedBy,
        items
          // Archived and sold items are not counted, so not set to 0 either.
          .filter((item) => counts.has(item.id) || unseenCounts(item, unseenToZero))
          .map((before) => ({
            before,
            patch: {},
            changes: countChanges(
              host,
              stocktakeId,
              before,
              counts.get(before.id) ?? [],
              unseenToZero ? { places } : null,
            ),
          })),
        stocktakeVia(stocktakeId),
      );
      const finished = items.length < BULK_CHUNK;
      const end = finished
        ? [endStocktakeQuery(host.roomDb, host.roomId, stocktakeId, "applied", job.startedBy, host.now())]
        : [];
      const changedBefore = (JSON.parse(job.result) as { changed?: number }).changed ?? 0;
      const progress = {
        cursor: items.at(-1)?.id ?? job.cursor,
        done: finished ? job.total : Math.min(job.total, job.done + items.length),
        result: { changed: changedBefore + edits.length },
        finished,
      };
      const written = writeItems(host, {
        actor: job.startedBy,
        at: host.now(),
        items: edits,
        last: end,
        commit: (statements) => commit(statements, progress),
      });
      const after = finished ? (written.last[0] as StocktakeRow[] | undefined)?.[0] : undefined;
      if (after) await ended(host, after);
    },
  };
}

const unseenCounts = (item: ItemRow, unseenToZero: boolean) =>
  unseenToZero && item.status !== "archived" && item.status !== "sold";

/** Items whose late scans one write applies: a transaction's worth. */
const LATE_ITEMS_PER_WRITE = BULK_CHUNK;

/**
 * Applies the scans that arrived after the stocktake was applied: each
 * variant they counted, at each location, is set again from all its scans
 * (those applied before and the late ones) plus what moved since the last,
 * not counting the stocktake's own corrections. A write per chunk of items,
 * each marking its scans applied; answers how many items changed.
 */
export async function applyLateScans(host: RoomHost, actor: string, stocktake: StocktakeRow): Promise<number> {
  let changed = 0;
  for (;;) {
    const done = await host.writes.run(async () => {
      const itemIds = waitingLateItems(host.roomDb, stocktake.id, LATE_ITEMS_PER_WRITE);
      if (itemIds.length === 0) return null;
      const counts = countsByItem(countsHere(host.roomDb, stocktake, itemIds, true).filter((count) => count.waiting));
      const items = await findItems(host.roomDb, host.roomId, itemIds);
      const edits = itemEditsInBulk(
        host,
        actor,
        items.map((before) => ({
          before,
          patch: {},
          changes: countChanges(host, stocktake.id, before, counts.get(before.id) ?? [], null),
        })),
        stocktakeVia(stocktake.id),
      );
      writeItems(host, {
        actor,
        at: host.now(),
        items: edits,
        last: [markLateScans(host.roomDb, stocktake.id, itemIds, "applied")],
      });
      return edits.length;
    }, actor);
    if (done === null) return changed;
    changed += done;
  }
}
