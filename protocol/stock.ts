/**
 * Stock by location and the movement ledger (docs/stock.md, docs/architecture.md §9):
 * the reasons a stock can change, the documents the ledger and locations
 * publish, and the rules both sides check.
 */

/** Why stock changed. `stocktake` and `transfer` are written by those actions, never chosen. */
export const MOVEMENT_REASONS = [
  "received",
  "sold",
  "returned",
  "damaged",
  "lost",
  "correction",
  "stocktake",
  "transfer",
] as const;
export type MovementReason = (typeof MOVEMENT_REASONS)[number];

/** Reasons a person records with `stock.adjust`, and which way each moves stock. */
export const ADJUST_REASONS = {
  received: "in",
  returned: "in",
  sold: "out",
  damaged: "out",
  lost: "out",
  correction: "either",
} as const satisfies Partial<Record<MovementReason, "in" | "out" | "either">>;
export type AdjustReason = keyof typeof ADJUST_REASONS;

export const MOVEMENT_REASON_LABELS: Record<MovementReason, string> = {
  received: "Received",
  sold: "Sold",
  returned: "Returned",
  damaged: "Damaged",
  lost: "Lost",
  correction: "Correction",
  stocktake: "Stocktake",
  transfer: "Transfer",
};

/** Every room's first location: its id is known to every device without asking. */
export const MAIN_LOCATION_ID = "main";
export const MAIN_LOCATION_NAME = "Main";

/** A place stock is kept (a shop floor, a back room, a market stall). */
export interface LocationDoc {
  _id: string;
  name: string;
  /** Order in lists (the first active one takes new stock). */
  position: number;
  archived: boolean;
}

/** One change of stock at one location. */
export interface MovementDoc {
  _id: string;
  itemId: string;
  /** The variant moved (an item's only variant has the item's id). */
  variantId: string;
  locationId: string;
  /** Units, + in, − out. */
  quantity: number;
  reason: MovementReason;
  note: string;
  /** What it belongs to: a stocktake, an order, a purchase order (free text for a person's own). */
  reference: string;
  userId: string;
  at: Date;
  /** Stock of the variant at the location after this movement. */
  balance: number;
  /** The movement this one takes back (an undo), if it is one. */
  undoes: string | null;
  /** Movements made together (a transfer's two halves) share it; "" alone. */
  group: string;
  /** Whether it has been taken back (by a movement whose `undoes` is this). */
  undone: boolean;
  /** What each unit sold (or was returned) for, in the item's currency; null when not a sale. */
  priceCents: number | null;
  /** What each unit was worth at cost: a receipt's cost, else the variant's average cost then (null: no cost known). */
  costCents?: number | null;
}

/** The ledger's filter (`stock.ledger`): every field narrows; empty means any. */
export interface LedgerQuery {
  itemId: string;
  /** One variant of the item (protocol/variants.ts); "" for all of them. */
  variantId: string;
  reason: MovementReason | "";
  locationId: string;
  userId: string;
  /** Milliseconds since the epoch, inclusive; 0 for no bound. */
  from: number;
  to: number;
  limit: number;
}

/** Whether a movement belongs to a ledger query (the server's read, and what arrives after it, on both sides). */
export function inLedger(query: LedgerQuery, movement: Readonly<Record<string, unknown>>): boolean {
  const at = movement.at instanceof Date ? movement.at.getTime() : Number.NaN;
  return (
    (!query.itemId || movement.itemId === query.itemId) &&
    (!query.variantId || movement.variantId === query.variantId) &&
    (!query.reason || movement.reason === query.reason) &&
    (!query.locationId || movement.locationId === query.locationId) &&
    (!query.userId || movement.userId === query.userId) &&
    (!query.from || at >= query.from) &&
    (!query.to || at <= query.to)
  );
}

export const EMPTY_LEDGER_QUERY: LedgerQuery = {
  itemId: "",
  variantId: "",
  reason: "",
  locationId: "",
  userId: "",
  from: 0,
  to: 0,
  limit: 100,
};

/** An item's stock by location (an item kept before rooms had locations holds its quantity at `main`). */
export function stockOfItem(item: { quantity: number; stock?: Record<string, number> }): Record<string, number> {
  if (item.stock) return item.stock;
  return item.quantity ? { [MAIN_LOCATION_ID]: item.quantity } : {};
}

/** The locations at or below their own reorder point (a point per location, where one is set). */
export function lowLocations(
  stock: Readonly<Record<string, number>> | undefined,
  points: Readonly<Record<string, number>> | undefined,
): string[] {
  return Object.entries(points ?? {}).flatMap(([locationId, point]) =>
    (stock?.[locationId] ?? 0) <= point ? [locationId] : [],
  );
}

/** What decides whether stock is low: a reorder point in all, and optionally one per location. */
interface ReorderFigures {
  quantity: number;
  stock?: Record<string, number>;
  reorderPoint?: number | null;
  locationReorderPoints?: Record<string, number>;
}

function isLowFigures(figures: ReorderFigures): boolean {
  const point = figures.reorderPoint;
  if (point !== undefined && point !== null && figures.quantity <= point) return true;
  return lowLocations(figures.stock, figures.locationReorderPoints).length > 0;
}

/**
 * Whether an item is low on stock: at or below its reorder point, or at
 * any location at or below that location's own point; a product sold in
 * variants when any of them is (protocol/variants.ts).
 */
export function isLowStock(
  item: ReorderFigures & { variants?: readonly (ReorderFigures & { reorderPoint: number | null })[] },
): boolean {
  if (item.variants && item.variants.length > 0) return item.variants.some(isLowFigures);
  return isLowFigures(item);
}

/** The total of a stock map. */
export function stockTotal(stock: Readonly<Record<string, number>>): number {
  let total = 0;
  for (const quantity of Object.values(stock)) total += quantity;
  return total;
}

/** `stock` with `delta` at `locationId` (a location left with none leaves the map). */
export function stockWith(
  stock: Readonly<Record<string, number>>,
  locationId: string,
  delta: number,
): Record<string, number> {
  const next = { ...stock, [locationId]: (stock[locationId] ?? 0) + delta };
  if (next[locationId] === 0) delete next[locationId];
  return next;
}

/**
 * The movements that bring a stock map to `target` in all: more goes to the
 * location holding most (or `fallback` when none holds any); less is taken
 * from the locations holding most first, none going below zero.
 */
export function settleTotal(
  stock: Readonly<Record<string, number>>,
  target: number,
  fallback: string,
  /** Where stock may go (an archived location takes none); any location when not given. */
  open: (locationId: string) => boolean = () => true,
): { locationId: string; delta: number }[] {
  let delta = target - stockTotal(stock);
  if (delta === 0) return [];
  const held = Object.entries(stock)
    .filter(([, quantity]) => quantity > 0)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  if (delta > 0) return [{ locationId: held.find(([id]) => open(id))?.[0] ?? fallback, delta }];
  const out: { locationId: string; delta: number }[] = [];
  for (const [locationId, quantity] of held) {
    if (delta === 0) break;
    const take = Math.min(quantity, -delta);
    out.push({ locationId, delta: -take });
    delta += take;
  }
  // Nothing left to take from (a target below zero is refused before this).
  if (delta < 0) out.push({ locationId: held[0]?.[0] ?? fallback, delta });
  return out;
}
