import { type FormEvent, useId, useRef, useState } from "react";
import { ITEM_STATUSES, type ItemDoc, type ItemPatch, type ItemStatus, LIMITS, METHOD } from "../../protocol/api";
import { errorMessage } from "../components/ErrorText";
import { useCall } from "../live";
import { PRICE_HINT, parsePrice, parseQuantity, QUANTITY_HINT } from "../money";
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
  if (priceCents === null) return PRICE_HINT;
  const quantity = parseQuantity(draft.quantity);
  if (quantity === null) return QUANTITY_HINT;
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

const sameDraft = (a: Draft, b: Draft) => (Object.keys(a) as (keyof Draft)[]).every((key) => a[key] === b[key]);

/** Only what this person changed since the form was loaded, so saving never reverts someone else's edit. */
function changedSince(loaded: ItemPatch, edited: ItemPatch): ItemPatch {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(edited)) {
    if (JSON.stringify(value) !== JSON.stringify(loaded[key as keyof ItemPatch])) out[key] = value;
  }
  return out as ItemPatch;
}

/**
 * Every field of an item. Saving sends only the fields this person changed.
 * Someone else's edit that lands while the form is open does not overwrite
 * what is being typed; the form says so and offers to load the new version.
 */
export function ItemForm({ item, canEdit }: { item: ItemDoc; canEdit: boolean }) {
  const call = useCall();
  const id = useId();
  const [draft, setDraft] = useState(() => draftOf(item));
  // The version the form shows edits against.
  const [loaded, setLoaded] = useState(() => draftOf(item));
  const [saving, setSaving] = useState(false);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const current = draftOf(item);
  const latest = useRef(item);
  latest.current = item;
  const changedElsewhere = !saving && !sameDraft(current, loaded);
  const set = (patch: Partial<Draft>) => setDraft((before) => ({ ...before, ...patch }));

  async function save(event: FormEvent) {
    event.preventDefault();
    const edited = toPatch(draft);
    if (typeof edited === "string") return setMessage({ text: edited, error: true });
    const base = toPatch(loaded);
    const patch = typeof base === "string" ? edited : changedSince(base, edited);
    if (Object.keys(patch).length === 0) return setMessage({ text: "Nothing to save", error: false });
    setSaving(true);
    setMessage(null);
    try {
      await call(METHOD.ITEMS_UPDATE, item._id, patch);
      // The saved version arrived before the result (the write fence): it is the new base.
      const saved = draftOf(latest.current);
      setLoaded(saved);
      setDraft(saved);
      setMessage({ text: "Saved", error: false });
    } catch (caught) {
      setMessage({ text: errorMessage(caught), error: true });
    } finally {
      setSaving(false);
    }
  }

  function reload() {
    setDraft(current);
    setLoaded(current);
    setMessage(null);
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
