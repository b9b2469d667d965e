import { type FormEvent, useRef, useState } from "react";
import { METHOD } from "../../protocol/api";
import { ErrorText } from "../components/ErrorText";
import { useCall } from "../live-api";
import { PRICE_HINT, parsePrice, parseQuantity, QUANTITY_HINT } from "../money";
import { ITEM_FIELDS } from "./item-fields";

/**
 * Quick add: title, SKU, price and quantity; everything else is editable
 * later. The new item shows at once (its stub), so the form is cleared at
 * once, the focus still in Title for the next one — offline too. If the
 * server refuses it (a SKU in use, say), the item goes and what was typed
 * comes back with the reason, unless the next item is already being typed.
 */
export function AddItemForm() {
  const call = useCall();
  const [title, setTitle] = useState("");
  const [sku, setSku] = useState("");
  const [price, setPrice] = useState("");
  const [quantity, setQuantity] = useState("1");
  const [error, setError] = useState<unknown>(null);
  const [localError, setLocalError] = useState<string | null>(null);
  const titleInput = useRef<HTMLInputElement>(null);

  function fill(values: { title: string; sku: string; price: string; quantity: string }) {
    setTitle(values.title);
    setSku(values.sku);
    setPrice(values.price);
    setQuantity(values.quantity);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const refused = [ITEM_FIELDS.title.parse(title), ITEM_FIELDS.sku.parse(sku)].find((parsed) => !parsed.ok);
    if (refused && !refused.ok) return setLocalError(refused.error);
    const priceCents = price.trim() === "" ? 0 : parsePrice(price);
    if (priceCents === null) return setLocalError(PRICE_HINT);
    const qty = parseQuantity(quantity);
    if (qty === null) return setLocalError(QUANTITY_HINT);
    setLocalError(null);
    setError(null);
    const typed = { title, sku, price, quantity };
    fill({ title: "", sku: "", price: "", quantity: "1" });
    titleInput.current?.focus();
    call(METHOD.ITEMS_ADD, { title, sku, priceCents, quantity: qty }).catch((caught: unknown) => {
      setError(caught);
      if (titleInput.current?.value === "") fill(typed);
    });
  }

  return (
    <form className="card quick-add" onSubmit={submit} aria-label="Add an item">
      <fieldset className="add-item">
        <div className="field grow">
          <label htmlFor="item-title">Title</label>
          <input ref={titleInput} id="item-title" value={title} onChange={(e) => setTitle(e.target.value)} required />
        </div>
        <div className="field">
          <label htmlFor="item-sku">SKU</label>
          <input id="item-sku" value={sku} onChange={(e) => setSku(e.target.value)} />
        </div>
        <div className="field small">
          <label htmlFor="item-price">Price</label>
          <input
            id="item-price"
            inputMode="decimal"
            value={price}
            onChange={(e) => setPrice(e.target.value)}
            placeholder="0.00"
          />
        </div>
        <div className="field small">
          <label htmlFor="item-quantity">Qty</label>
          <input
            id="item-quantity"
            type="number"
            min={0}
            step={1}
            value={quantity}
            onChange={(e) => setQuantity(e.target.value)}
          />
        </div>
        <button type="submit" disabled={title.trim() === ""}>
          Add item
        </button>
      </fieldset>
      {localError ? (
        <p className="error" role="alert">
          {localError}
        </p>
      ) : (
        <ErrorText error={error} />
      )}
    </form>
  );
}
