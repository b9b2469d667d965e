/**
 * A product's variants in the catalogue (docs/architecture.md §9): the
 * "3 variants" button on the product's row that shows or hides them, and a
 * row per variant under it — its name, SKU, price and stock, the price and
 * stock edited in place as the item's cells are (EditableCell.tsx: a count
 * typed records a correction through `items.updateVariant`), with "Low" on
 * a variant at or below its reorder point. Its own checkbox chooses it for
 * a bulk change of price or stock (selection.ts).
 */
import * as v from "valibot";
import { type ItemDoc, isLowVariant, type VariantDoc, variantName } from "../../protocol/api";
import { type VariantPatch, variantPatchSchema } from "../../protocol/variant-args";
import { formatPrice, PRICE_HINT, parsePrice, parseQuantity, QUANTITY_HINT } from "../money";
import { LowBadge } from "../stock/LowBadge";
import { EditableCell, type Parsed } from "./EditableCell";
import { withSeenQuantity } from "./seen-quantity";
import "./variants.css";
import type { ItemRowActions } from "./item-row-actions";

/** The product's "3 variants": a real button, so Enter and Space open it as a click does. */
export function VariantToggle({ item, expanded, onToggle }: { item: ItemDoc; expanded: boolean; onToggle(): void }) {
  const count = item.variants?.length ?? 0;
  return (
    <button
      type="button"
      className="variant-toggle"
      aria-expanded={expanded}
      data-testid="variant-toggle"
      onClick={onToggle}
    >
      <span className="variant-toggle-mark" aria-hidden="true">
        {expanded ? "▾" : "▸"}
      </span>
      {count.toLocaleString()} {count === 1 ? "variant" : "variants"}
      <span className="visually-hidden"> of {item.title}</span>
    </button>
  );
}

/** A typed value as the server will take it (the method's own schema), or its first problem. */
function checked<K extends "priceCents" | "quantity">(key: K, value: number | null, hint: string): Parsed<number> {
  if (value === null) return { ok: false, error: hint };
  const result = v.safeParse(variantPatchSchema, { [key]: value });
  return result.success ? { ok: true, value } : { ok: false, error: result.issues[0].message };
}

const parseVariantPrice = (text: string) => checked("priceCents", parsePrice(text), PRICE_HINT);
const parseVariantCount = (text: string) => checked("quantity", parseQuantity(text), QUANTITY_HINT);

export function VariantRow({
  item,
  variant,
  last,
  canEdit,
  showTags,
  index,
  measure,
  actions,
  selected,
  onSelect,
  matched = false,
}: {
  item: ItemDoc;
  variant: VariantDoc;
  /** The variant a searched code names (catalogue-rows.ts variantsNamedBy): marked. */
  matched?: boolean;
  /** The product's last variant (its rows end there). */
  last: boolean;
  canEdit: boolean;
  showTags: boolean;
  /** Position in the shown list, for the virtualizer's measurements. */
  index: number;
  measure: (row: HTMLTableRowElement | null) => void;
  actions: ItemRowActions;
  /** Chosen on its own for a bulk change (selection.ts variantKey). */
  selected: boolean;
  onSelect(selected: boolean): void;
}) {
  const name = variantName(variant);
  const title = `${item.title} — ${name}`;
  const save = (patch: VariantPatch) => actions.updateVariant(item._id, variant._id, patch);
  const whoChanged = () => actions.nameOf(item.updatedBy);
  const empty = <td className="variant-empty" aria-hidden="true" />;
  return (
    <tr
      data-testid="variant-row"
      data-variant-id={variant._id}
      data-index={index}
      ref={measure}
      aria-rowindex={index + 2}
      className={["variant-row", last ? "variant-row-last" : "", selected ? "selected" : "", matched ? "matched" : ""]
        .filter(Boolean)
        .join(" ")}
      aria-current={matched ? "true" : undefined}
    >
      <td className="select-column">
        <input
          type="checkbox"
          className="row-check"
          aria-label={`Select ${title}`}
          checked={selected}
          onChange={(event) => onSelect(event.target.checked)}
        />
      </td>
      <td className="title-column">
        <span className="variant-name" data-testid="variant-name" title={title}>
          <span className="visually-hidden">{item.title} — </span>
          {name}
        </span>
      </td>
      <td className="mono sku-cell" data-label="SKU" title={variant.sku || undefined}>
        {variant.sku || <span className="muted">—</span>}
      </td>
      <td data-label="Price" className="numeric">
        <EditableCell
          label={`price of ${title}`}
          display={formatPrice(variant.priceCents, item.currency)}
          text={(variant.priceCents / 100).toFixed(2)}
          parse={parseVariantPrice}
          save={(priceCents) => save({ priceCents })}
          canEdit={canEdit}
          whoChanged={whoChanged}
          describe={(text) => formatPrice(parsePrice(text) ?? 0, item.currency)}
          inputMode="decimal"
        />
      </td>
      <td data-label="Qty" className="numeric">
        <EditableCell
          label={`quantity of ${title}`}
          display={variant.quantity.toLocaleString()}
          text={String(variant.quantity)}
          parse={parseVariantCount}
          save={(quantity, seen) => save(withSeenQuantity({ quantity }, seen))}
          canEdit={canEdit}
          whoChanged={whoChanged}
          describe={(text) => text.trim()}
          inputMode="numeric"
        />
        {isLowVariant(variant) && (
          <LowBadge testId="low-badge" title={`At or below its reorder point (${variant.reorderPoint})`} />
        )}
      </td>
      {empty}
      {empty}
      {showTags && empty}
      {empty}
    </tr>
  );
}
