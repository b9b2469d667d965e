import { type FormEvent, useId, useState } from "react";
import { ITEM_STATUSES, type ItemDoc, type ItemPatch, type ItemStatus, LIMITS, METHOD } from "../../protocol/api";
import { errorMessage } from "../components/ErrorText";
import { useCall } from "../live";
import { parsePrice } from "../money";
import { parseTags } from "./catalogue-query";

interface Draft {
  title: string;
  description: string;
  sku: string;
  price: string;
  currency: string;
  quantity: string;
  status: ItemStatus;
  location: string;
  tags: string;
}

const draftOf = (item: ItemDoc): Draft => ({
  title: item.title,
  description: item.description,
  sku: item.sku,
  price: (item.priceCents / 100).toFixed(2),
  currency: item.currency,
  quantity: String(item.quantity),
  status: item.status,
  location: item.location,
  tags: item.tags.join(", "),
});

/** Checks what the browser can check; the server checks everything again. */
function toPatch(draft: Draft): ItemPatch | string {
  const priceCents = parsePrice(draft.price);
  if (priceCents === null) return "Price must be a number like 12.50, not negative";
  const quantity = Number(draft.quantity);
  if (draft.quantity.trim() === "" || !Number.isInteger(quantity) || quantity < 0) {
    return "Quantity must be a whole number, 0 or more";
  }
  const currency = draft.currency.trim().toUpperCase();
  if (!/^[A-Z]{3}$/.test(currency)) return "Currency must be a three-letter code, like EUR";
  return {
    title: draft.title,
    description: draft.description,
    sku: draft.sku,
    priceCents,
    currency,
    quantity,
    status: draft.status,
    location: draft.location,
    tags: parseTags(draft.tags),
  };
}

/**
 * Every field of an item, saved together. Someone else's edit that lands
 * while this form is open does not overwrite what is being typed; the form
 * says so and offers to load the new version.
 */
export function ItemForm({ item, canEdit }: { item: ItemDoc; canEdit: boolean }) {
  const call = useCall();
  const id = useId();
  const [draft, setDraft] = useState(() => draftOf(item));
  const [base, setBase] = useState(item.updatedAt.getTime());
  const [saving, setSaving] = useState(false);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const changedElsewhere = item.updatedAt.getTime() !== base && !saving;
  const set = (patch: Partial<Draft>) => setDraft((current) => ({ ...current, ...patch }));

  async function save(event: FormEvent) {
    event.preventDefault();
    const patch = toPatch(draft);
    if (typeof patch === "string") return setMessage({ text: patch, error: true });
    setSaving(true);
    setMessage(null);
    try {
      await call(METHOD.ITEMS_UPDATE, item._id, patch);
      setMessage({ text: "Saved", error: false });
    } catch (caught) {
      setMessage({ text: errorMessage(caught), error: true });
    } finally {
      setSaving(false);
    }
  }

  function reload() {
    setDraft(draftOf(item));
    setBase(item.updatedAt.getTime());
    setMessage(null);
  }

  // After our own save, the saved version becomes the base without a warning.
  if (!saving && message?.text === "Saved" && base !== item.updatedAt.getTime()) {
    setBase(item.updatedAt.getTime());
    setDraft(draftOf(item));
  }

  const field = (name: keyof Draft) => ({
    id: `${id}-${name}`,
    value: draft[name],
    disabled: !canEdit,
    onChange: (e: { target: { value: string } }) => set({ [name]: e.target.value } as Partial<Draft>),
  });

  return (
    // Our own checks say what is wrong in words; the browser's bubbles would only block the save.
    <form className="item-form" onSubmit={save} aria-label="Item details" noValidate>
      {changedElsewhere && (
        <p className="notice" role="status">
          Someone else changed this item.{" "}
          <button type="button" className="link-button" onClick={reload}>
            Load their version
          </button>
        </p>
      )}
      <label htmlFor={`${id}-title`}>Title</label>
      <input {...field("title")} required maxLength={LIMITS.ITEM_TITLE} />
      <label htmlFor={`${id}-description`}>Description</label>
      <textarea {...field("description")} rows={4} maxLength={LIMITS.ITEM_TEXT} />
      <div className="form-grid">
        <div>
          <label htmlFor={`${id}-sku`}>SKU</label>
          <input {...field("sku")} maxLength={LIMITS.SKU} className="mono" />
        </div>
        <div>
          <label htmlFor={`${id}-status`}>Status</label>
          <select {...field("status")}>
            {ITEM_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-price`}>Price</label>
          <input {...field("price")} inputMode="decimal" />
        </div>
        <div>
          <label htmlFor={`${id}-currency`}>Currency</label>
          <input {...field("currency")} maxLength={3} className="mono" autoCapitalize="characters" />
        </div>
        <div>
          <label htmlFor={`${id}-quantity`}>Quantity</label>
          <input {...field("quantity")} type="number" min={0} max={LIMITS.QUANTITY} />
        </div>
        <div>
          <label htmlFor={`${id}-location`}>Location</label>
          <input {...field("location")} maxLength={LIMITS.LOCATION} placeholder="e.g. Shelf B3" />
        </div>
      </div>
      <label htmlFor={`${id}-tags`}>Tags</label>
      <input {...field("tags")} placeholder="Comma-separated, e.g. ceramics, blue" />
      {canEdit && (
        <div className="form-actions">
          <button type="submit" disabled={saving}>
            {saving ? "Saving…" : "Save changes"}
          </button>
          {message && (
            <span role={message.error ? "alert" : "status"} className={message.error ? "error" : "muted"}>
              {message.text}
            </span>
          )}
        </div>
      )}
    </form>
  );
}
