/**
 * One item in the catalogue: click a cell — title, price, quantity, status,
 * location — to edit it in place; the thumbnail and "Open" lead to the item
 * page; Remove removes at once, and the row stays in place as "Removed · Undo"
 * for a few seconds (removals.ts). A product with options keeps its stock
 * and codes in its variants (docs/architecture.md §9): its row shows "3
 * variants" (a button that shows their rows under it, VariantRow.tsx), its
 * total stock and its price ("from $12.00" when they differ), none of which
 * are edited on the product's row.
 */
import { Link } from "wouter";
import { COLLECTION, hasVariants, type ItemDoc, type ItemStatus, isLowStock } from "../../protocol/api";
import { usePending } from "../live";
import { formatPrice } from "../money";
import { LowBadge } from "../stock/LowBadge";
import { rememberOpenedItem } from "./catalogue-memory";
import { EditableCell } from "./EditableCell";
import { ItemThumb } from "./ItemThumb";
import { ITEM_FIELDS } from "./item-fields";
import type { ItemRowActions } from "./item-row-actions";
import { StatusMenu } from "./StatusMenu";
import { withSeenQuantity } from "./seen-quantity";
import { VariantToggle } from "./VariantRow";
import { pricesDiffer, priceText } from "./variant-price";

interface ItemRowProps {
  roomId: string;
  item: ItemDoc;
  canEdit: boolean;
  /** Whether the list has a Tags column (some item has tags). */
  showTags: boolean;
  /** Position in the shown list, for the virtualizer's measurements. */
  index: number;
  measure: (row: HTMLTableRowElement | null) => void;
  selected: boolean;
  onSelect(selected: boolean): void;
  actions: ItemRowActions;
  /** Whether its variants' rows show under it (a product with options). */
  expanded?: boolean;
  onToggle?(): void;
  /** A variant a search named by its code: the item page opens at it (docs/stock.md). */
  namedVariant?: string;
}

export function ItemRow({
  roomId,
  item,
  canEdit,
  showTags,
  index,
  measure,
  selected,
  onSelect,
  actions,
  expanded = false,
  onToggle,
  namedVariant,
}: ItemRowProps) {
  const href = `/rooms/${roomId}/items/${item._id}${namedVariant ? `?variant=${namedVariant}` : ""}`;
  const opening = () => rememberOpenedItem(roomId, item._id);
  // A change made here that the server has not confirmed yet (its stub's write is showing).
  const pending = usePending(COLLECTION.ITEMS, item._id);
  const update = (patch: Partial<ItemDoc>, seen = "") => actions.update(item._id, withSeenQuantity(patch, seen));
  const whoChanged = () => actions.nameOf(item.updatedBy);
  const sold = hasVariants(item);
  // A product's price is edited here only while its variants share it (it then sets each one's).
  const fixedPrice = sold && pricesDiffer(item);
  return (
    <tr
      data-testid="item-row"
      data-item-id={item._id}
      data-index={index}
      ref={measure}
      aria-rowindex={index + 2}
      className={selected ? "selected" : undefined}
    >
      <td className="select-column">
        <input
          type="checkbox"
          className="row-check"
          aria-label={`Select ${item.title}`}
          checked={selected}
          onChange={(e) => onSelect(e.target.checked)}
        />
      </td>
      <td className="title-column">
        <div className="title-cell">
          <Link href={href} className="thumb-link" aria-label={`Open ${item.title}`} tabIndex={-1} onClick={opening}>
            <ItemThumb photoId={item.photos?.[0]} title={item.title} />
          </Link>
          <EditableCell
            label={`title of ${item.title}`}
            display={<span data-testid="item-title">{item.title}</span>}
            text={ITEM_FIELDS.title.read(item)}
            parse={ITEM_FIELDS.title.parse}
            save={update}
            canEdit={canEdit}
            whoChanged={whoChanged}
            className="cell-title"
          />
          {pending && (
            <span
              className="pending-mark"
              role="img"
              aria-label="Not saved yet"
              title="Not saved yet"
              data-testid="pending-mark"
            />
          )}
          <Link href={href} className="open-link" aria-label={`Open ${item.title}`} onClick={opening}>
            Open
          </Link>
        </div>
      </td>
      {sold ? (
        <td className="variants-cell" data-label="Variants">
          <VariantToggle item={item} expanded={expanded} onToggle={() => onToggle?.()} />
        </td>
      ) : (
        <td className="mono sku-cell" data-label="SKU" title={item.sku || undefined}>
          {item.sku || <span className="muted">—</span>}
        </td>
      )}
      <td data-label="Price" className="numeric">
        {fixedPrice ? (
          <span className="product-figure" data-testid="product-price">
            {priceText(item)}
          </span>
        ) : (
          <EditableCell
            label={`price of ${item.title}`}
            display={formatPrice(item.priceCents, item.currency)}
            text={ITEM_FIELDS.price.read(item)}
            parse={ITEM_FIELDS.price.parse}
            save={update}
            canEdit={canEdit}
            whoChanged={whoChanged}
            describe={(text) => ITEM_FIELDS.price.describe(text, item)}
            inputMode="decimal"
          />
        )}
      </td>
      <td data-label="Qty" className="numeric">
        {sold ? (
          // The product's stock is its variants' total: each is counted on its own row.
          <span className="product-figure" data-testid="product-quantity">
            {item.quantity.toLocaleString()}
          </span>
        ) : (
          <EditableCell
            label={`quantity of ${item.title}`}
            display={item.quantity.toLocaleString()}
            text={ITEM_FIELDS.quantity.read(item)}
            parse={ITEM_FIELDS.quantity.parse}
            save={update}
            canEdit={canEdit}
            whoChanged={whoChanged}
            describe={(text) => ITEM_FIELDS.quantity.describe(text, item)}
            inputMode="numeric"
          />
        )}
        {isLowStock(item) && (
          <LowBadge
            testId="low-badge"
            title={
              sold
                ? "A variant is at or below its reorder point"
                : `At or below its reorder point (${item.reorderPoint})`
            }
          />
        )}
      </td>
      <td data-label="Status">
        <StatusMenu
          status={item.status}
          itemTitle={item.title}
          canEdit={canEdit}
          onChange={(status: ItemStatus) => {
            void update({ status });
            if (status === "sold" && item.status !== "sold") actions.sold(item);
          }}
        />
      </td>
      <td data-label="Shelf">
        <EditableCell
          label={`location of ${item.title}`}
          display={item.location || <span className="muted">—</span>}
          text={ITEM_FIELDS.location.read(item)}
          parse={ITEM_FIELDS.location.parse}
          save={update}
          canEdit={canEdit}
          whoChanged={whoChanged}
        />
      </td>
      {showTags && (
        <td data-label="Tags">
          {item.tags.length > 0 && (
            <ul className="tag-list" aria-label="Tags">
              {item.tags.map((tag) => (
                <li key={tag}>{tag}</li>
              ))}
            </ul>
          )}
        </td>
      )}
      <td className="actions-column">
        {canEdit && (
          <button
            type="button"
            className="ui-button ui-button-ghost ui-button-sm row-remove"
            aria-label={`Remove ${item.title}`}
            onClick={(event) =>
              actions.remove(item, event.currentTarget.closest("tr")?.getBoundingClientRect().height ?? 0)
            }
          >
            Remove
          </button>
        )}
      </td>
    </tr>
  );
}
