/**
 * The catalogue's rows as the list draws them: one per item, and under a
 * product with options that is expanded, one per variant
 * (protocol/variants.ts, docs/architecture.md §9). Flat, so the list's
 * virtualizer measures and windows variant rows like any other.
 */
import { hasVariants, type ItemDoc, type VariantDoc } from "../../protocol/api";

export type ListEntry =
  | { kind: "item"; key: string; item: ItemDoc }
  | { kind: "variant"; key: string; item: ItemDoc; variant: VariantDoc; last: boolean };

export function listEntries(items: readonly ItemDoc[], expanded: ReadonlySet<string>): ListEntry[] {
  if (expanded.size === 0) return items.map((item) => ({ kind: "item", key: item._id, item }));
  return items.flatMap((item): ListEntry[] => {
    const row: ListEntry = { kind: "item", key: item._id, item };
    if (!expanded.has(item._id) || !hasVariants(item)) return [row];
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
        }),
      ),
    ];
  });
}
