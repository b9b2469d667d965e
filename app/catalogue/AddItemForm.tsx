import { type FormEvent, useEffect, useRef, useState } from "react";
import { LIMITS, METHOD } from "../../protocol/api";
import { ErrorText } from "../components/ErrorText";
import { useCall } from "../live";
import { PRICE_HINT, parsePrice, parseQuantity, QUANTITY_HINT } from "../money";
import { tooLong } from "./item-fields";

/** Quick add: title, SKU, price and quantity; everything else is editable later. */
export function AddItemForm() {
  const call = useCall();
  const [title, setTitle] = useState("");
  const [sku, setSku] = useState("");
  const [price, setPrice] = useState("");
  const [quantity, setQuantity] = useState("1");
  const [error, setError] = useState<unknown>(null);
  const [localError, setLocalError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const titleInput = useRef<HTMLInputElement>(null);
  // After an item is added, the focus is back in Title for the next one (the form was disabled meanwhile).
  const [added, setAdded] = useState(0);
  useEffect(() => {
    if (added > 0) titleInput.current?.focus();
  }, [added]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const long = tooLong("Title", title.trim(), LIMITS.ITEM_TITLE) ?? tooLong("SKU", sku.trim(), LIMITS.SKU);
    if (long) return setLocalError(long);
    const priceCents = price.trim() === "" ? 0 : parsePrice(price);
    if (priceCents === null) return setLocalError(PRICE_HINT);
    const qty = parseQuantity(quantity);
    if (qty === null) return setLocalError(QUANTITY_HINT);
    setLocalError(null);
    setError(null);
    setBusy(true);
    try {
      await call(METHOD.ITEMS_ADD, { title, sku, priceCents, quantity: qty });
      setTitle("");
      setSku("");
      setPrice("");
      setQuantity("1");
      setAdded((count) => count + 1);
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="card quick-add" onSubmit={submit} aria-label="Add an item">
      {/* Disabled while saving, so nothing typed meanwhile is wiped by the reset. */}
      <fieldset className="add-item" disabled={busy}>
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
        <button type="submit" disabled={busy || title.trim() === ""}>
          {busy ? "Adding…" : "Add item"}
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
