/**
 * What stock is worth at cost (docs/buying.md). A variant keeps its last
 * cost (`costCents`, what the shop last paid) and, once a receipt has
 * brought units at a cost, the average of what its stock cost, weighted by
 * units (`avgCostCents`): the figure its stock is valued at. A cost a
 * person sets by hand is what the stock is worth from then on, so it clears
 * the average (`avgCostCents` null means "its cost").
 *
 * Shared: the server applies these to every receipt, the app shows them.
 */
import type { VariantDetails } from "./variants";

/** What one unit of a variant is worth at cost: its average cost, else its cost; null when neither is known. */
export function unitValue(details: VariantDetails): number | null {
  return details.avgCostCents ?? details.costCents ?? null;
}

/**
 * A variant's costs after a receipt of `units` at `cost` each, when it held
 * `held` in all before: the cost becomes the last one paid, and the average
 * takes the new units in by weight. Stock below 0 (sold before it arrived)
 * counts as none, so what was oversold weighs nothing.
 */
export function costsAfterReceipt(
  variant: VariantDetails,
  held: number,
  units: number,
  cost: number,
): { costCents: number; avgCostCents: number } {
  const before = Math.max(0, held);
  const was = unitValue(variant) ?? cost;
  const total = before + units;
  const average = total > 0 ? Math.round((before * was + units * cost) / total) : cost;
  return { costCents: cost, avgCostCents: average };
}

/**
 * A variant's costs after a receipt is taken back (`units` that came at
 * `cost` each leave again): the average is what it was without them, as
 * far as what is left can say; the last cost stays.
 */
export function costsAfterUndoneReceipt(
  variant: VariantDetails,
  held: number,
  units: number,
  cost: number,
): { costCents: number | null; avgCostCents: number | null } {
  const was = unitValue(variant);
  const left = held - units;
  const kept = { costCents: variant.costCents ?? null, avgCostCents: variant.avgCostCents ?? null };
  if (was === null || left <= 0) return kept;
  const average = Math.round((held * was - units * cost) / left);
  return average >= 0 ? { ...kept, avgCostCents: average } : kept;
}
