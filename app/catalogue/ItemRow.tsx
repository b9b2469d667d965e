import { type FormEvent, useState } from "react";
import { Link } from "wouter";
import { ITEM_STATUSES, type ItemDoc, type ItemStatus, METHOD } from "../../protocol/api";
import { errorMessage } from "../components/ErrorText";
import { ItemPhoto } from "../components/ItemPhoto";
import { useCall } from "../live";
import { formatPrice, PRICE_HINT, parsePrice, parseQuantity, QUANTITY_HINT } from "../money";

interface ItemRowProps {
  roomId: string;
  item: ItemDoc;
  canEdit: boolean;
  /** Position in the shown list, for the virtualizer's measurements. */
  index: number;
  measure: (row: HTMLTableRowElement | null) => void;
  selected: boolean;
  onSelect(selected: boolean): void;
}

/** One item: status changes apply at once; title/price/qty edit inline; the title opens the item page. */
export function ItemRow({ roomId, item, canEdit, index, measure, selected, onSelect }: ItemRowProps) {
  const call = useCall();
  const [editing, setEditing] = useState(false);
  const [title, setTitle] = useState(item.title);
  const [price, setPrice] = useState("");
  const [quantity, setQuantity] = useState("");
  const [error, setError] = useState<string | null>(null);

  async function run(action: () => Promise<unknown>) {
    try {
      await action();
      setError(null);
      return true;
    } catch (caught) {
      setError(errorMessage(caught));
      return false;
    }
  }

  function startEditing() {
    setTitle(item.title);
    setPrice((item.priceCents / 100).toFixed(2));
    setQuantity(String(item.quantity));
    setEditing(true);
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    const priceCents = parsePrice(price);
    if (priceCents === null) return setError(PRICE_HINT);
    const qty = parseQuantity(quantity);
    if (qty === null) return setError(QUANTITY_HINT);
    if (await run(() => call(METHOD.ITEMS_UPDATE, item._id, { title, priceCents, quantity: qty }))) setEditing(false);
  }

  const formId = `edit-${item._id}`;
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
          aria-label={`Select ${item.title}`}
          checked={selected}
          onChange={(e) => onSelect(e.target.checked)}
        />
      </td>
      <td>
        {editing ? (
          <form id={formId} onSubmit={save}>
            <input aria-label="Title" value={title} onChange={(e) => setTitle(e.target.value)} maxLength={200} />
          </form>
        ) : (
          <>
            <ItemPhoto photoId={item.photos?.[0]} title={item.title} />
            <Link href={`/rooms/${roomId}/items/${item._id}`} className="item-link" data-testid="item-title">
              {item.title}
            </Link>
          </>
        )}
        {error && (
          <div className="error" role="alert">
            {error}
          </div>
        )}
      </td>
      <td className="mono" data-label="SKU">
        {item.sku || <span className="muted">—</span>}
      </td>
      <td data-label="Price">
        {editing ? (
          <input
            form={formId}
            aria-label="Price"
            inputMode="decimal"
            value={price}
            onChange={(e) => setPrice(e.target.value)}
          />
        ) : (
          formatPrice(item.priceCents, item.currency)
        )}
      </td>
      <td data-label="Qty">
        {editing ? (
          <input
            form={formId}
            aria-label="Quantity"
            type="number"
            min={0}
            value={quantity}
            onChange={(e) => setQuantity(e.target.value)}
          />
        ) : (
          item.quantity
        )}
      </td>
      <td>
        <select
          aria-label={`Status of ${item.title}`}
          data-testid="item-status"
          className={`status status-${item.status}`}
          disabled={!canEdit}
          value={item.status}
          onChange={(e) =>
            void run(() => call(METHOD.ITEMS_UPDATE, item._id, { status: e.target.value as ItemStatus }))
          }
        >
          {ITEM_STATUSES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </td>
      <td data-label="Tags">
        {item.tags.length > 0 && (
          <ul className="tag-list" aria-label="Tags">
            {item.tags.map((tag) => (
              <li key={tag}>{tag}</li>
            ))}
          </ul>
        )}
      </td>
      <td>
        <div className="actions">
          {!canEdit ? null : editing ? (
            <>
              <button type="submit" form={formId}>
                Save
              </button>
              <button type="button" className="secondary" onClick={() => setEditing(false)}>
                Cancel
              </button>
            </>
          ) : (
            <>
              <button type="button" className="secondary" onClick={startEditing} aria-label={`Edit ${item.title}`}>
                Edit
              </button>
              <button
                type="button"
                className="danger"
                aria-label={`Remove ${item.title}`}
                onClick={() =>
                  window.confirm(`Remove “${item.title}”?`) && void run(() => call(METHOD.ITEMS_REMOVE, item._id))
                }
              >
                Remove
              </button>
            </>
          )}
        </div>
      </td>
    </tr>
  );
}
