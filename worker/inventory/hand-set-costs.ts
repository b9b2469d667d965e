/**
 * A cost set by hand — typed, imported, set in bulk, or brought in from
 * the store — is what the stock is worth from then on (docs/buying.md): the
 * average of past receipts gives way to it. Applied by the write pipeline
 * to every item write, so no writer can forget it; a receipt's own change
 * of costs (worker/inventory/stock-moves.ts) is left as it made it.
 */
import type { ItemPatch } from "../../protocol/args";
import type { VariantDoc } from "../../protocol/variants";
import type { ItemRow } from "../db/room/room-schema";
import type { StockMoves } from "./stock-moves";

/** `columns`, with the average cost cleared of each variant whose cost this write sets by hand. */
export function withHandSetCosts(
  before: ItemRow,
  update: ItemPatch,
  columns: Partial<ItemRow> | undefined,
  moves: StockMoves | null,
): Partial<ItemRow> | undefined {
  const received = new Set((moves?.rows ?? []).flatMap((row) => (row.reason === "received" ? [row.variantId] : [])));
  let out = columns;
  const ownCost = update.costCents !== undefined ? update.costCents : columns?.costCents;
  if (
    ownCost !== undefined &&
    ownCost !== before.costCents &&
    before.avgCostCents !== null &&
    !received.has(before.id)
  ) {
    out = { ...out, avgCostCents: null };
  }
  if (columns?.variants === undefined || before.variants === "[]") return out;
  const was = new Map((JSON.parse(before.variants) as VariantDoc[]).map((variant) => [variant._id, variant]));
  let cleared = false;
  const variants = (JSON.parse(columns.variants) as VariantDoc[]).map((variant) => {
    const old = was.get(variant._id);
    const handSet =
      old !== undefined &&
      (variant.avgCostCents ?? null) !== null &&
      (variant.costCents ?? null) !== (old.costCents ?? null) &&
      !received.has(variant._id);
    if (!handSet) return variant;
    cleared = true;
    return { ...variant, avgCostCents: null };
  });
  return cleared ? { ...out, variants: JSON.stringify(variants) } : out;
}
