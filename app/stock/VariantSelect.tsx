/**
 * Which variant a stock change is of (protocol/variants.ts, docs/architecture.md §9):
 * a select for a product with options, nothing at all for a product sold
 * as one item (its only variant is itself, so its forms look as they always did).
 */
import { hasVariants, type ItemDoc, variantName } from "../../protocol/api";
import { Field } from "../ui/Field";

export function VariantSelect({
  item,
  value,
  onChange,
}: {
  item: ItemDoc;
  value: string;
  onChange(variantId: string): void;
}) {
  if (!hasVariants(item)) return null;
  return (
    <Field label="Variant">
      {(props) => (
        <select {...props} value={value} onChange={(event) => onChange(event.target.value)}>
          {(item.variants ?? []).map((variant) => (
            <option key={variant._id} value={variant._id}>
              {variantName(variant)}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/**
 * The variant a form starts on: the one the page was opened at (a scanned or
 * searched code names it), else the first holding stock when taking stock
 * away, else the first; the item's own id for a product without options.
 */
export function firstVariantId(item: ItemDoc, holding = false, openedAt?: string): string {
  const variants = item.variants ?? [];
  if (variants.length === 0) return item._id;
  if (openedAt && variants.some((variant) => variant._id === openedAt)) return openedAt;
  return ((holding ? variants.find((variant) => variant.quantity > 0) : undefined) ?? variants[0])?._id ?? item._id;
}
