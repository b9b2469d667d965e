/**
 * Applying a stocktake (SPEC A8) as a bulk job (rooms/bulk-jobs.ts): the
 * room's items are walked by id a chunk at a time; each chunk sets the
 * counted quantities that differ (a product with options, each variant's),
 * with their history entries marked as the stocktake's, in one transaction. The last chunk also marks the stocktake
 * applied. While it runs the stocktake takes no more scans
 * (STOCKTAKE_ERROR.APPLYING), so the counts it applies hold still.
 */
import type { ItemPatch } from "../../protocol/args";
import { countItems, itemsAfter } from "../db/items-repo";
import type { ItemRow } from "../db/room-schema";
import { BULK_CHUNK, type BulkKind, runNewBulkJob } from "../rooms/bulk-jobs";
import { itemEditsInBulk } from "../rooms/item-bulk-edits";
import type { RoomHost } from "../rooms/room-host";
import { variantsOfRow } from "../rooms/stock-moves";
import { stocktakeVia } from "./stocktake-summary";
import { countsOfItems, endStocktakeQuery, type StocktakeRow } from "./stocktakes-repo";

type ApplyParams = { stocktakeId: string; unseenToZero: boolean };

/** The job's id for a stocktake: a re-sent apply finds the run already under way. */
export const applyJobId = (stocktakeId: string) => `apply-${stocktakeId}`;

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

export function applyInBulk(ended: (host: RoomHost, after: StocktakeRow) => Promise<void>): BulkKind {
  return {
    async chunk(host, job, commit) {
      const { stocktakeId, unseenToZero } = JSON.parse(job.params) as ApplyParams;
      const items = itemsAfter(host.roomDb, host.roomId, job.cursor, BULK_CHUNK);
      const counts = countsOfItems(
        host.roomDb,
        host.roomId,
        stocktakeId,
        items.map((item) => item.id),
      );
      const edits = itemEditsInBulk(
        host,
        job.startedBy,
        items.flatMap((before): { before: ItemRow; patch: ItemPatch; counts?: Map<string, number> }[] => {
          if (before.variants !== "[]") {
            // A product with options is counted variant by variant.
            const byVariant = new Map<string, number>();
            for (const variant of variantsOfRow(before)) {
              const counted = counts.get(variant._id) ?? (unseenToZero ? 0 : null);
              if (counted !== null) byVariant.set(variant._id, counted);
            }
            return byVariant.size ? [{ before, patch: {}, counts: byVariant }] : [];
          }
          const counted = counts.get(before.id) ?? (unseenToZero ? 0 : null);
          return counted === null ? [] : [{ before, patch: { quantity: counted } }];
        }),
        stocktakeVia(stocktakeId),
      );
      const finished = items.length < BULK_CHUNK;
      const end = finished
        ? [endStocktakeQuery(host.roomDb, host.roomId, stocktakeId, "applied", job.startedBy, host.now())]
        : [];
      const changedBefore = (JSON.parse(job.result) as { changed?: number }).changed ?? 0;
      const results = commit([...edits.statements, ...end], {
        cursor: items.at(-1)?.id ?? job.cursor,
        done: finished ? job.total : Math.min(job.total, job.done + items.length),
        result: { changed: changedBefore + edits.changed },
        finished,
      });
      edits.announce(results);
      const after = finished ? (results.at(-1) as StocktakeRow[] | undefined)?.[0] : undefined;
      if (after) await ended(host, after);
    },
  };
}
