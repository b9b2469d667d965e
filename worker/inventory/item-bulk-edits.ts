/**
 * Edits of many items at once by the server: a bulk job's chunk of edits
 * in one transaction (a stocktake applied, a status set on many items).
 */
import { type ItemStatus, type VariantDoc, variantName } from "../../protocol/api";
import type { ItemPatch } from "../../protocol/args";
import { LiveError } from "../../protocol/errors";
import { findItems, toItemDoc } from "../db/room/items-repo";
import type { ItemRow } from "../db/room/room-schema";
import type { RoomHost } from "../rooms/room-host";
import { BULK_CHUNK, type BulkKind, runNewBulkJob } from "./bulk-jobs";
import { changedFields } from "./item-changes";
import { type ItemChange, writeItems } from "./item-pipeline";
import { historyEntry, made } from "./item-writes";
import { type StockChange, type StockMoves, stockMoves, totalMoves, variantsOfRow } from "./stock-moves";

/**
 * Edits of many items by the server, made together (a bulk job's chunk):
 * each item's part of the write for the pipeline (item-pipeline.ts) to
 * commit in one transaction — items that would not change are left out.
 * Patches come from the server (counts, a status), not from a client.
 */
export function itemEditsInBulk(
  host: RoomHost,
  actor: string,
  edits: readonly { before: ItemRow; patch: ItemPatch; changes?: readonly StockChange[] }[],
  via = "",
): ItemChange[] {
  const changing: ItemChange[] = [];
  for (const { before, patch: asked, changes: stock } of edits) {
    // Changes at their locations (a stocktake's counts, variant by variant and place by place), else a total.
    const moves = stock
      ? stock.length > 0
        ? stockMoves(before, stock, made(host, actor, host.now()))
        : null
      : totalMoves(host.roomDb, before, asked.quantity, made(host, actor, host.now()), via);
    const patch = stock ? { ...asked, quantity: moves?.quantity ?? before.quantity } : asked;
    // Each variant's count says itself in the history ("quantity of M"): two can change where the total does not.
    const changes = { ...changedFields(toItemDoc(before), patch), ...variantCounts(before, moves) };
    if (Object.keys(changes).length === 0 && !moves) continue;
    const entry = historyEntry(host, before.id, actor, "updated", changes, via);
    changing.push({ id: before.id, before, row: { update: patch, columns: moves ? moves.columns : {} }, entry, moves });
  }
  return changing;
}

/** How each variant's count changed with `moves`, keyed as history names a variant's field ("M: quantity"). */
function variantCounts(before: ItemRow, moves: StockMoves | null): Record<string, { from: number; to: number }> {
  if (!moves?.columns.variants || before.variants === "[]") return {};
  const after = new Map((JSON.parse(moves.columns.variants) as VariantDoc[]).map((variant) => [variant._id, variant]));
  const changes: Record<string, { from: number; to: number }> = {};
  for (const variant of variantsOfRow(before)) {
    const to = after.get(variant._id)?.quantity ?? variant.quantity;
    if (to !== variant.quantity) changes[`${variantName(variant)}: quantity`] = { from: variant.quantity, to };
  }
  return changes;
}

/**
 * One status for many items (up to LIMITS.SELECTION): refused whole if any
 * of them is gone; then set as a bulk job (bulk-jobs.ts), a chunk of items
 * per transaction, under the caller's `jobId` when given (its screen follows
 * the job's progress). The job goes on if the caller leaves. Answers how
 * many items changed.
 */
export async function setItemsStatus(
  host: RoomHost,
  actor: string,
  ids: readonly string[],
  status: ItemStatus,
  jobId?: string,
): Promise<number> {
  const unique = [...new Set(ids)];
  const found = await findItems(host.roomDb, host.roomId, unique);
  if (found.length !== unique.length) throw new LiveError(404, "Some of these items no longer exist");
  const job = await runNewBulkJob(host, {
    ...(jobId ? { id: jobId, callerChose: true } : {}),
    kind: "set-status",
    params: { ids: unique, status },
    total: unique.length,
    startedBy: actor,
  });
  return (JSON.parse(job.result) as { changed?: number }).changed ?? 0;
}

/** A status set on many items, a chunk of ids at a time (items removed meanwhile are skipped). */
export const setStatusInBulk: BulkKind = {
  async chunk(host, job, commit) {
    const { ids, status } = JSON.parse(job.params) as { ids: string[]; status: ItemStatus };
    const start = Number(job.cursor || 0);
    const part = ids.slice(start, start + BULK_CHUNK);
    const rows = await findItems(host.roomDb, host.roomId, part);
    const edits = itemEditsInBulk(
      host,
      job.startedBy,
      rows.map((before) => ({ before, patch: { status } })),
    );
    const changedBefore = (JSON.parse(job.result) as { changed?: number }).changed ?? 0;
    const end = start + part.length;
    const progress = {
      cursor: String(end),
      done: end,
      result: { changed: changedBefore + edits.length },
      finished: end >= ids.length,
    };
    writeItems(host, {
      actor: job.startedBy,
      at: host.now(),
      items: edits,
      commit: (statements) => commit(statements, progress),
    });
  },
};
