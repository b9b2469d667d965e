/**
 * One change to many items as one action (`items.bulkEdit`, docs/architecture.md §4 and
 * §9): price set or moved by a percentage, the same stock change with its
 * reason, a shelf, tags added or removed, a status — up to LIMITS.BULK items
 * in one write turn and one transaction (all or none; the app sends a bigger
 * selection in steps). It answers what each item was, and the movements it
 * made, so `items.bulkUndo` puts everything back in one step.
 */

import { LIMITS, lowestPrice, type MovementReason, stockWith, type VariantDoc } from "../../protocol/api";
import type { ItemPatch } from "../../protocol/args";
import {
  type BulkBefore,
  type BulkChange,
  type BulkEditResult,
  type BulkSelectionResult,
  bulkPrice,
  bulkTags,
} from "../../protocol/bulk-edit";
import { LiveError } from "../../protocol/errors";
import { newId } from "../db/directory/database";
import type { HistoryEntry } from "../db/room/item-history-repo";
import { findItems, toItemDoc } from "../db/room/items-repo";
import { findLocation } from "../db/room/locations-repo";
import { movementWithGroup, type ReadMovement } from "../db/room/movements-repo";
import type { RoomStatement } from "../db/room/room-database";
import type { ItemRow } from "../db/room/room-schema";
import type { RoomHost } from "../rooms/room-host";
import { BULK_CHUNK, type BulkKind, findJob, runNewBulkJob } from "./bulk-jobs";
import { changedFields } from "./item-changes";
import { type ItemWrite, writeItems } from "./item-pipeline";
import { historyEntry } from "./item-writes";
import { type StockMoves, stockMoves, stockOf } from "./stock-moves";

interface Planned {
  before: ItemRow;
  patch: ItemPatch;
  entry: HistoryEntry | null;
  moves: StockMoves | null;
  /** A product sold in variants: its variants as the edit leaves them (their prices). */
  variants?: VariantDoc[];
}

function variantsOfItem(before: ItemRow): VariantDoc[] {
  return before.variants === "[]" ? [] : (JSON.parse(before.variants) as VariantDoc[]);
}

/** A product's variants with new prices (`price` of each variant's own): the product shows the lowest. */
function repriced(
  before: ItemRow,
  price: (variant: VariantDoc) => number,
): { variants: VariantDoc[]; priceCents: number } {
  const variants = variantsOfItem(before).map((variant) => ({ ...variant, priceCents: price(variant) }));
  return { variants, priceCents: lowestPrice(variants) };
}

/** One item's part of a bulk edit (or of its undo), with its history entry (none when nothing changes). */
function plan(
  host: RoomHost,
  actor: string,
  before: ItemRow,
  patch: ItemPatch,
  moves: StockMoves | null,
  variants?: VariantDoc[],
): Planned {
  const changes = changedFields(toItemDoc(before), { ...patch, ...(moves ? { quantity: moves.quantity } : {}) });
  if (variants && JSON.stringify(variants) !== before.variants) {
    const prices = (list: readonly VariantDoc[]) => list.map((variant) => variant.priceCents);
    changes.variantPrices = { from: prices(variantsOfItem(before)), to: prices(variants) };
  }
  const entry = Object.keys(changes).length ? historyEntry(host, before.id, actor, "updated", changes, "bulk") : null;
  return { before, patch, entry, moves, ...(variants ? { variants } : {}) };
}

/**
 * Hands the planned edits to the write pipeline: one transaction, read back,
 * announced (`transaction`: how it commits, when a job's chunk commits it
 * with its progress).
 */
function commit(
  host: RoomHost,
  actor: string,
  at: number,
  planned: readonly Planned[],
  undone: readonly ReadMovement[] = [],
  transaction?: ItemWrite["commit"],
): void {
  writeItems(host, {
    actor,
    at,
    ...(transaction ? { commit: transaction } : {}),
    items: planned.map(({ before, patch, entry, moves, variants }) => ({
      id: before.id,
      before,
      row: {
        update: { ...patch, ...(moves ? { quantity: moves.quantity } : {}) },
        columns: { ...(variants ? { variants: JSON.stringify(variants) } : {}), ...(moves ? moves.columns : {}) },
      },
      entry,
      moves,
    })),
    undone,
  });
}

async function itemsHere(host: RoomHost, ids: readonly string[]): Promise<ItemRow[]> {
  const unique = [...new Set(ids)];
  const found = await findItems(host.roomDb, host.roomId, unique);
  if (found.length !== unique.length) throw new LiveError(404, "Some of these items no longer exist");
  return found;
}

export function bulkEdit(
  host: RoomHost,
  actor: string,
  ids: readonly string[],
  change: BulkChange,
  variantIds: readonly string[] = [],
): Promise<BulkEditResult> {
  return host.writes.run(async () => editNow(host, actor, await itemsHere(host, ids), change, variantIds), actor);
}

/**
 * The edit of these items, in the caller's write turn and one transaction
 * (all or none): what it changed, and how to put it back.
 */
function editNow(
  host: RoomHost,
  actor: string,
  items: readonly ItemRow[],
  change: BulkChange,
  variantIds: readonly string[],
  transaction?: (statements: readonly RoomStatement[], result: BulkEditResult) => readonly unknown[],
): BulkEditResult {
  const stock = change.stock;
  if (stock) {
    const location = findLocation(host.roomDb, stock.locationId);
    if (!location) throw new LiveError(404, "That location does not exist in this room");
    if (location.archivedAt !== null) throw new LiveError(409, `${location.name} is archived`);
  }
  const chosen = new Set(variantIds);
  const at = host.now();
  const planned: Planned[] = items.map((before) => {
    const patch: ItemPatch = {};
    const sold = before.variants !== "[]";
    // A product's variants the change is for: those chosen, else (for its price) all of them.
    const picked = variantsOfItem(before).filter((variant) => chosen.has(variant._id));
    const price = change.price;
    let variants: VariantDoc[] | undefined;
    if (price && sold) {
      // Each size keeps its own price, moved the same way.
      const moving = picked.length ? new Set(picked.map((variant) => variant._id)) : null;
      const next = repriced(before, (variant) =>
        !moving || moving.has(variant._id) ? bulkPrice(variant.priceCents, price) : variant.priceCents,
      );
      variants = next.variants;
      patch.priceCents = next.priceCents;
    } else if (price) patch.priceCents = bulkPrice(before.priceCents, price);
    if (change.location !== undefined) patch.location = change.location;
    if (change.addTags || change.removeTags) patch.tags = bulkTags(JSON.parse(before.tags) as string[], change);
    if (change.status) patch.status = change.status;
    let moves: StockMoves | null = null;
    if (stock && sold && picked.length === 0) {
      throw new LiveError(409, `“${before.title}” is sold in variants: choose which of its variants`);
    }
    if (stock) {
      // The item itself, or each chosen variant of a product, by the same units.
      const targets = sold ? picked : [{ _id: before.id, values: [] as string[], stock: stockOf(before) }];
      for (const target of targets) {
        const held = target.stock[stock.locationId] ?? 0;
        if ((stockWith(target.stock, stock.locationId, stock.quantity)[stock.locationId] ?? 0) < 0) {
          const name = target.values.length ? `${before.title} — ${target.values.join(" / ")}` : before.title;
          throw new LiveError(409, `Only ${held} of “${name}” there: that would take it below zero`);
        }
      }
      moves = stockMoves(
        variants ? { ...before, variants: JSON.stringify(variants) } : before,
        targets.map((target) => ({
          variantId: target._id,
          locationId: stock.locationId,
          delta: stock.quantity,
          reason: stock.reason,
          note: "Bulk edit",
        })),
        { by: actor, at, newId },
      );
    }
    return plan(host, actor, before, patch, moves, variants);
  });
  const changing = planned.filter((plan) => plan.entry !== null);
  const result: BulkEditResult = {
    changed: changing.length,
    undo: {
      items: changing.map(
        ({ before }): BulkBefore => ({
          id: before.id,
          priceCents: before.priceCents,
          location: before.location,
          tags: JSON.parse(before.tags) as string[],
          status: before.status as BulkBefore["status"],
          ...(before.variants === "[]"
            ? {}
            : {
                variantPrices: Object.fromEntries(
                  variantsOfItem(before).map((variant) => [variant._id, variant.priceCents]),
                ),
              }),
        }),
      ),
      movements: changing.flatMap((plan) => plan.moves?.rows.map((row) => row.id) ?? []),
    },
  };
  commit(host, actor, at, changing, [], transaction && ((statements) => transaction(statements, result)));
  return result;
}

/** A bulk edit of a whole selection as a job: what it asked, and what its chunks did so far. */
interface EditJobParams {
  ids: string[];
  change: BulkChange;
  variantIds: string[];
}
type EditJobResult = BulkSelectionResult;

/** What a job's chunks made so far, as its result keeps it ("{}" before its first chunk). */
function madeSoFar(result: string | undefined): EditJobResult {
  return { changed: 0, undo: [], ...(result ? (JSON.parse(result) as Partial<EditJobResult>) : {}) };
}

/**
 * One change to a whole selection (up to LIMITS.SELECTION items) as a bulk
 * job (bulk-jobs.ts): LIMITS.BULK items a chunk, each chunk all or none, so
 * it goes on if the tab that asked closes and after a restart. Refused
 * whole if any item is gone before it starts; an item removed while it runs
 * is skipped. A chunk that cannot be made stops it, the chunks before kept:
 * the refusal says how many changed and carries their undo. Answers how
 * many changed, and the undo of each chunk (one `items.bulkUndo` each).
 */
export async function bulkEditSelection(
  host: RoomHost,
  actor: string,
  ids: readonly string[],
  change: BulkChange,
  variantIds: readonly string[],
  jobId: string,
): Promise<BulkSelectionResult> {
  const unique = [...new Set(ids)];
  // A re-sent call finds its job (bulk-jobs.ts says whether it is theirs); a new one checks its items first.
  if (!findJob(host, jobId)) await itemsHere(host, unique);
  const params: EditJobParams = { ids: unique, change, variantIds: [...variantIds] };
  try {
    const job = await runNewBulkJob(host, {
      id: jobId,
      kind: "bulk-edit",
      params,
      total: unique.length,
      startedBy: actor,
    });
    return JSON.parse(job.result) as EditJobResult;
  } catch (error) {
    // What this person's job made before it stopped (never another's: an id already used is refused whole).
    const ended = findJob(host, jobId);
    const sofar = madeSoFar(ended?.kind === "bulk-edit" && ended.startedBy === actor ? ended.result : undefined);
    const reason = error instanceof LiveError ? (error.reason ?? error.message) : "This bulk change failed";
    const kept = sofar.changed > 0 ? ` (${sofar.changed.toLocaleString("en-US")} were changed before it)` : "";
    throw new LiveError(409, `${reason}${kept}`, sofar);
  }
}

export const editInBulk: BulkKind = {
  async chunk(host, job, commitChunk) {
    const params = JSON.parse(job.params) as EditJobParams;
    const start = Number(job.cursor || 0);
    const sofar = madeSoFar(job.result);
    // Removed since the edit began: skipped.
    const found = new Map(
      (await findItems(host.roomDb, host.roomId, params.ids.slice(start, start + BULK_CHUNK))).map((row) => [
        row.id,
        row,
      ]),
    );
    const items = withinUndo(params, start, found);
    const next = start + items.taken;
    const finished = next >= params.ids.length;
    editNow(host, job.startedBy, items.rows, params.change, params.variantIds, (statements, made) =>
      commitChunk(statements, {
        cursor: String(next),
        done: next,
        result: {
          changed: sofar.changed + made.changed,
          undo: made.changed > 0 ? [...sofar.undo, made.undo] : sofar.undo,
        },
        finished,
      }),
    );
  },
};

/**
 * A chunk's items, in the selection's order from `start`: as many as one
 * `items.bulkUndo` can put back — at most LIMITS.BULK items, and with a
 * stock change, at most LIMITS.BULK * 2 movements (a product's chosen
 * variants each make one). `taken` counts the ids passed, removed ones too.
 */
function withinUndo(
  params: EditJobParams,
  start: number,
  found: ReadonlyMap<string, ItemRow>,
): { rows: ItemRow[]; taken: number } {
  const chosen = new Set(params.variantIds);
  const rows: ItemRow[] = [];
  let movements = 0;
  let taken = 0;
  for (const id of params.ids.slice(start, start + BULK_CHUNK)) {
    const row = found.get(id);
    const makes =
      !row || !params.change.stock ? 0 : Math.max(1, variantsOfItem(row).filter((v) => chosen.has(v._id)).length);
    // Always at least one item, so a chunk moves the job on.
    if (taken > 0 && movements + makes > LIMITS.BULK * 2) break;
    movements += makes;
    taken++;
    if (row) rows.push(row);
  }
  return { rows, taken };
}

/**
 * Puts items back as a bulk edit found them (their price, shelf, tags and
 * status) and takes back its movements, in one transaction; items removed
 * since are skipped, a movement already taken back is not taken back again.
 */
export function bulkUndo(
  host: RoomHost,
  actor: string,
  undo: { items: readonly BulkBefore[]; movements: readonly string[] },
): Promise<number> {
  return host.writes.run(async () => {
    const wanted = new Map(undo.items.map((item) => [item.id, item]));
    const items = await findItems(host.roomDb, host.roomId, [...wanted.keys()]);
    const taken = new Map<string, ReadMovement[]>();
    for (const movementId of undo.movements) {
      for (const movement of movementWithGroup(host.roomDb, movementId)) {
        if (movement.undone || movement.undoes !== null || movement.id !== movementId) continue;
        const list = taken.get(movement.itemId) ?? [];
        list.push(movement);
        taken.set(movement.itemId, list);
      }
    }
    const at = host.now();
    const planned: Planned[] = items.map((before) => {
      const was = wanted.get(before.id) as BulkBefore;
      const patch: ItemPatch = {
        priceCents: was.priceCents,
        location: was.location,
        tags: was.tags,
        status: was.status,
      };
      const prices = was.variantPrices;
      const variants = prices
        ? repriced(before, (variant) => prices[variant._id] ?? variant.priceCents).variants
        : undefined;
      if (variants) patch.priceCents = lowestPrice(variants);
      const back = taken.get(before.id) ?? [];
      let moves: StockMoves | null = null;
      if (back.length) {
        for (const movement of back) {
          const location = findLocation(host.roomDb, movement.locationId);
          if (movement.quantity < 0 && location && location.archivedAt !== null) {
            throw new LiveError(409, `${location.name} is archived: bring it back in Settings → Locations first`);
          }
        }
        // On top of the prices put back, so the row written carries both.
        moves = stockMoves(
          variants ? { ...before, variants: JSON.stringify(variants) } : before,
          back.map((movement) => ({
            variantId: movement.variantId,
            locationId: movement.locationId,
            delta: -movement.quantity,
            reason: movement.reason as MovementReason,
            note: "Undo",
          })),
          { by: actor, at, newId, undoes: back.map((movement) => movement.id) },
        );
        const negative = moves.rows.some((row) => row.balance < 0);
        if (negative)
          throw new LiveError(409, `“${before.title}” no longer holds what the edit brought: undo it by hand`);
      }
      return plan(host, actor, before, patch, moves, variants);
    });
    const changing = planned.filter((plan) => plan.entry !== null);
    commit(host, actor, at, changing, [...taken.values()].flat());
    return changing.length;
  }, actor);
}
