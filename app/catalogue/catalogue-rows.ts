/**
 * The catalogue's rows as the list draws them: one per item, and under a
 * product with options that is expanded, one per variant
 * (protocol/variants.ts, docs/architecture.md §9). Flat, so the list's
 * virtualizer measures and windows variant rows like any other.
 */
import { hasVariants, type ItemDoc, type VariantDoc } from "../../protocol/api";
import { barcodeForms } from "../../protocol/barcodes";

export type ListEntry =
  | { kind: "item"; key: string; item: ItemDoc; named?: string }
  | { kind: "variant"; key: string; item: ItemDoc; variant: VariantDoc; last: boolean; matched: boolean };

/**
 * The variants a search names by their own code (a SKU, or a barcode in any
 * of its forms, as a scanner types it), by product: every code names one
 * variant (docs/stock.md), so the list opens that product at that variant.
 */
export function variantsNamedBy(text: string, items: readonly ItemDoc[]): Map<string, string> {
  const named = new Map<string, string>();
  const code = text.trim();
  if (!code) return named;
  const forms = new Set([code, ...barcodeForms(code)].map((form) => form.toLowerCase()));
  const is = (value: string) => value !== "" && forms.has(value.toLowerCase());
  for (const item of items) {
    const variant = hasVariants(item) ? item.variants?.find((each) => is(each.sku) || is(each.barcode)) : undefined;
    if (variant) named.set(item._id, variant._id);
  }
  return named;
}

/**
 * `matched`: a variant a search named (variantsNamedBy): its product is opened there, the row
 * marked, and the product's own row `named` it (its item page opens at that variant).
 */
export function listEntries(
  items: readonly ItemDoc[],
  expanded: ReadonlySet<string>,
  matched: ReadonlyMap<string, string> = new Map(),
): ListEntry[] {
  if (expanded.size === 0 && matched.size === 0) return items.map((item) => ({ kind: "item", key: item._id, item }));
  return items.flatMap((item): ListEntry[] => {
    const named = matched.get(item._id);
    const row: ListEntry = { kind: "item", key: item._id, item, ...(named ? { named } : {}) };
    if ((!expanded.has(item._id) && !matched.has(item._id)) || !hasVariants(item)) return [row];
    const variants = item.variants ?? [];
    return [
      row,
      ...variants.map(
        (variant, index): ListEntry => ({
          kind: "variant",
          key: `${item._id}/${variant._id}`,
          item,
          variant,
          last: index === variants.length - 1,
          matched: matched.get(item._id) === variant._id,
        }),
      ),
    ];
  });
}
