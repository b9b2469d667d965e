/**
 * Every change of an item's stock is a movement (docs/architecture.md §9): this turns
 * the changes an action asks for into ledger rows and the item's new
 * running figures — its `stock` map and `quantity` — which the caller
 * writes in the same transaction as the rows.
 */

import {
  COLLECTION,
  costsAfterReceipt,
  costsAfterUndoneReceipt,
  LIMITS,
  MAIN_LOCATION_ID,
  type MovementReason,
  settleTotal,
  stockWith,
  unitValue,
  type VariantDoc,
  variantsOf,
  withVariantStock,
} from "../../protocol/api";
import { LiveError } from "../../protocol/errors";
import { firstLocationId, listLocations } from "../db/room/locations-repo";
import { type ReadMovement, toMovementDoc } from "../db/room/movements-repo";
import type { RoomDatabase } from "../db/room/room-database";
import type { ItemRow } from "../db/room/room-schema";
import type { MovementRow } from "../db/room/stock-tables";
import { asDoc } from "../live/types";
import type { RoomHost } from "../rooms/room-host";

/** One change at one location, as an action asks for it. */
export interface StockChange {
  /** The variant changed: absent (or the item's id) for a product without options. */
  variantId?: string;
  locationId: string;
  delta: number;
  reason: MovementReason;
  note?: string;
  reference?: string;
  priceCents?: number | null;
  /**
   * What each unit received cost (a receipt's; absent: the variant's cost): the variant's cost
   * becomes it and its average cost takes the units in (protocol/costs.ts).
   */
  costCents?: number | null;
  /** Who the change is by when not the one making the moves: a stocktake's count, by who counted it. */
  by?: string;
}

export interface StockMoves {
  rows: MovementRow[];
  /** The item's stock map after the changes (JSON, for its `stock` column). */
  stock: string;
  quantity: number;
  /** The item's columns the changes rewrite: its stock, its variants when it has them, a receipt's costs. */
  columns: Pick<ItemRow, "stock"> & Partial<Pick<ItemRow, "variants" | "costCents" | "avgCostCents">>;
}

type StockRow = Pick<ItemRow, "id" | "roomId" | "stock" | "variants" | "sku" | "priceCents" | "quantity"> &
  Partial<Pick<ItemRow, "costCents" | "avgCostCents">>;

export function stockOf(row: Pick<ItemRow, "stock">): Record<string, number> {
  return JSON.parse(row.stock) as Record<string, number>;
}

/** The row's variants (protocol/variants.ts): its own list, or itself as its only one. */
export function variantsOfRow(row: StockRow): VariantDoc[] {
  return variantsOf({
    _id: row.id,
    sku: row.sku,
    priceCents: row.priceCents,
    quantity: row.quantity,
    stock: stockOf(row),
    variants: row.variants === "[]" ? [] : (JSON.parse(row.variants) as VariantDoc[]),
  });
}

/** A variant's stock map (the item's own for a product without options). */
export function stockOfVariant(row: StockRow, variantId: string): Record<string, number> {
  if (row.variants === "[]") return stockOf(row);
  return variantsOfRow(row).find((variant) => variant._id === variantId)?.stock ?? {};
}

/** The ledger rows for `changes` to `item`, in order, each with the balance at its location after it. */
/** Who made the moves and when; `group` ties rows made together (a transfer), `undoes` what each takes back. */
export interface Made {
  by: string;
  at: number;
  newId: () => string;
  group?: string;
  undoes?: readonly (string | null)[];
}

export function stockMoves(item: StockRow, changes: readonly StockChange[], made: Made): StockMoves {
  let product = {
    _id: item.id,
    sku: item.sku,
    priceCents: item.priceCents,
    quantity: item.quantity,
    costCents: item.costCents ?? null,
    avgCostCents: item.avgCostCents ?? null,
    stock: stockOf(item),
    variants: item.variants === "[]" ? [] : (JSON.parse(item.variants) as VariantDoc[]),
  };
  let costed = false;
  const rows = changes.map((change, index): MovementRow => {
    const variantId = change.variantId ?? item.id;
    const variant = variantsOf(product).find((each) => each._id === variantId);
    if (!variant) throw new Error(`no variant ${variantId} in item ${item.id}`);
    const stock = stockWith(variant.stock, change.locationId, change.delta);
    product = { ...product, ...withVariantStock(product, variantId, stock) };
    // A receipt is valued at what it cost and moves the variant's costs (a receipt taken back, at
    // what it came at, moves them back); any other movement at what a unit is worth now.
    const receipt = change.reason === "received";
    const paid = receipt ? (change.costCents ?? (change.delta > 0 ? variant.costCents : null)) : null;
    if (paid != null) {
      const costs =
        change.delta > 0
          ? costsAfterReceipt(variant, variant.quantity, change.delta, paid)
          : costsAfterUndoneReceipt(variant, variant.quantity, -change.delta, paid);
      product = withVariantCosts(product, variantId, costs);
      costed = true;
    }
    // No variant is taken past what a quantity may be (the most a CSV or a count takes), by any path.
    // Only a change that adds is refused: a sale or an undo of one already over it always goes through.
    if (change.delta > 0 && Object.values(stock).reduce((sum, units) => sum + units, 0) > LIMITS.QUANTITY) {
      throw new LiveError(
        409,
        `That would make more than ${LIMITS.QUANTITY.toLocaleString("en")} units of one variant: check the number`,
      );
    }
    return {
      id: made.newId(),
      roomId: item.roomId,
      itemId: item.id,
      variantId,
      locationId: change.locationId,
      quantity: change.delta,
      reason: change.reason,
      note: change.note ?? "",
      reference: change.reference ?? "",
      userId: change.by ?? made.by,
      at: made.at,
      balance: stock[change.locationId] ?? 0,
      undoes: made.undoes?.[index] ?? null,
      groupId: made.group ?? "",
      priceCents: change.priceCents ?? null,
      costCents: paid ?? unitValue(variant),
    };
  });
  const stock = JSON.stringify(product.stock);
  const own = costed ? { costCents: product.costCents, avgCostCents: product.avgCostCents } : {};
  const columns = item.variants === "[]" ? { stock, ...own } : { stock, variants: JSON.stringify(product.variants) };
  return { rows, stock, quantity: product.quantity, columns };
}

/** The product with one variant's costs set (its own, for a product without options). */
function withVariantCosts<P extends { variants: VariantDoc[] }>(
  product: P,
  variantId: string,
  costs: { costCents: number | null; avgCostCents: number | null },
): P {
  if (product.variants.length === 0) return { ...product, ...costs };
  return {
    ...product,
    variants: product.variants.map((variant) => (variant._id === variantId ? { ...variant, ...costs } : variant)),
  };
}

/** What an item edit's `via` says its quantity change was: a stocktake's count, else a correction. */
function reasonOf(via: string): Pick<StockChange, "reason" | "reference" | "note"> {
  if (via.startsWith(STOCKTAKE_VIA)) return { reason: "stocktake", reference: via.slice(STOCKTAKE_VIA.length) };
  return { reason: "correction" };
}

const STOCKTAKE_VIA = "stocktake:";

/** Where stock goes when nothing says otherwise: the room's first location in use. */
export function homeLocation(db: RoomDatabase): string {
  return firstLocationId(db) ?? MAIN_LOCATION_ID;
}

/**
 * The moves an item edit that sets its quantity to `target` makes (a
 * correction, or a stocktake's count, by `via`), or null when it keeps it.
 */
export function totalMoves(
  db: RoomDatabase,
  before: ItemRow,
  target: number | undefined,
  made: Made,
  via = "",
  variantId = before.id,
): StockMoves | null {
  return target === undefined ? null : countMoves(db, before, new Map([[variantId, target]]), made, via);
}

/**
 * The moves that bring variants of an item to counts (a stocktake's, an
 * import's, a typed one), each settled over its locations as `settleTotal`
 * does; null when every count is what the variant holds.
 */
export function countMoves(
  db: RoomDatabase,
  before: ItemRow,
  targets: ReadonlyMap<string, number>,
  made: Made,
  via = "",
): StockMoves | null {
  const variants = variantsOfRow(before).filter(
    (variant) => targets.has(variant._id) && targets.get(variant._id) !== variant.quantity,
  );
  if (variants.length === 0) return null;
  const reason = reasonOf(via);
  // One read of the locations: where new stock goes, and which take none.
  const locations = listLocations(db);
  const open = new Set(locations.flatMap((location) => (location.archivedAt === null ? [location.id] : [])));
  const home = locations.find((location) => open.has(location.id))?.id ?? MAIN_LOCATION_ID;
  const changes = variants.flatMap((variant) =>
    settleTotal(variant.stock, targets.get(variant._id) as number, home, (id) => open.has(id)).map((change) => ({
      ...change,
      ...reason,
      variantId: variant._id,
    })),
  );
  return stockMoves(before, changes, made);
}

/** The moves of an item that comes with stock (added, or restored): a correction at the home location. */
export function arrivalMoves(
  db: RoomDatabase,
  item: Pick<ItemRow, "id" | "roomId"> & { costCents?: number | null },
  quantity: number | undefined,
  note: string,
  made: Made,
): StockMoves | null {
  if (!quantity) return null;
  return stockMoves(
    { ...item, sku: "", priceCents: 0, stock: "{}", variants: "[]", quantity: 0 },
    [{ locationId: homeLocation(db), delta: quantity, reason: "correction", note }],
    made,
  );
}

/** The moves of an item removed with stock: every location back to zero. */
export function removalMoves(before: ItemRow, made: Made): StockMoves | null {
  const changes = variantsOfRow(before).flatMap((variant) =>
    Object.entries(variant.stock).map(([locationId, quantity]) => ({
      variantId: variant._id,
      locationId,
      delta: -quantity,
      reason: "correction" as const,
      note: "Item removed",
    })),
  );
  return changes.length ? stockMoves(before, changes, made) : null;
}

/** Tells the room's ledgers that these movements were taken back (after the undo committed). */
export function announceUndone(host: Pick<RoomHost, "emit">, movements: readonly ReadMovement[]): void {
  for (const movement of movements) {
    host.emit({
      collection: COLLECTION.MOVEMENTS,
      id: movement.id,
      doc: asDoc(toMovementDoc({ ...movement, undone: true })),
      previous: asDoc(toMovementDoc(movement)),
    });
  }
}

/** Tells the room's ledgers about new movements (after they committed). */
export function announceMovements(host: Pick<RoomHost, "emit">, moves: StockMoves | null): void {
  for (const row of moves?.rows ?? []) {
    host.emit({
      collection: COLLECTION.MOVEMENTS,
      id: row.id,
      doc: asDoc(toMovementDoc({ ...row, undone: false })),
      previous: null,
    });
  }
}
