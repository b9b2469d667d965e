/**
 * Records one change of an item's stock at one location, with why: units
 * received or returned are added, sold, damaged or lost are taken away, a
 * correction either way (a person types how many; the reason gives the sign).
 * For a product with options, of the variant chosen (docs/architecture.md §9).
 */
import { type FormEvent, useState } from "react";
import {
  ADJUST_REASONS,
  type AdjustReason,
  findVariant,
  hasVariants,
  type ItemDoc,
  type LocationDoc,
  METHOD,
  MOVEMENT_REASON_LABELS,
} from "../../protocol/api";
import { variantTitle } from "../catalogue/variant-names";
import { errorMessage } from "../components/ErrorText";
import { useCall } from "../live-api";
import { PRICE_HINT, parsePrice } from "../money";
import { Button } from "../ui/Button";
import { Field } from "../ui/Field";
import { useToast } from "../ui/Toast";
import { firstVariantId, VariantSelect } from "./VariantSelect";

/** Every reason a stock change may have: what whoever edits the catalogue chooses from. */
export const ALL_REASONS = Object.keys(ADJUST_REASONS) as AdjustReason[];

export function AdjustStockForm({
  item,
  locations,
  reasons = ALL_REASONS,
  initialReason = "received",
  openedAt,
  place,
  costs = true,
  onDone,
}: {
  item: ItemDoc;
  locations: readonly LocationDoc[];
  /** The reasons the person may record (a counter: received; a cashier: received, sold, returned). */
  reasons?: readonly AdjustReason[];
  /** The reason it opens with (_Record a sale_ opens on "sold", one unit, at the item's price). */
  initialReason?: AdjustReason;
  /** The variant the item page was opened at, if any: the form starts on it. */
  openedAt?: string;
  /** Where this device works, if chosen (a stall's place for a sale, receiving's for a delivery). */
  place?: string;
  /** Whether a receipt may say what it cost (those who edit the catalogue: it sets the variant's cost). */
  costs?: boolean;
  onDone(): void;
}) {
  const call = useCall();
  const toast = useToast();
  const open = locations.filter((location) => !location.archived);
  const [reason, setReason] = useState<AdjustReason>(initialReason);
  const takesAway = ADJUST_REASONS[initialReason] === "out";
  const [variantId, setVariantId] = useState(() => firstVariantId(item, takesAway, openedAt));
  const variant = findVariant(item, variantId);
  // It starts where this device works, if chosen; else taking away starts where the variant is
  // held, and adding at the first location.
  const heldAt = (id: string) => open.find((location) => (findVariant(item, id)?.stock[location._id] ?? 0) > 0)?._id;
  const chosen = open.some((location) => location._id === place) ? place : undefined;
  const [locationId, setLocationId] = useState(
    chosen ?? (takesAway ? heldAt(variantId) : undefined) ?? open[0]?._id ?? "",
  );
  // A sale is of one unless more is typed: shown as the field's hint, so typing 2 makes 2 (never 12).
  const [units, setUnits] = useState("");
  const oneUnless = reason === "sold";
  const [price, setPrice] = useState(((variant?.priceCents ?? item.priceCents) / 100).toFixed(2));
  const priced = reason === "sold" || reason === "returned";
  // A receipt may say what each unit cost: the variant's cost becomes it (docs/buying.md).
  const [cost, setCost] = useState("");
  const costed = costs && reason === "received";
  const costNow = variant?.costCents ?? null;
  const [note, setNote] = useState("");
  const [error, setError] = useState<string | null>(null);
  const direction = ADJUST_REASONS[reason];

  function submit(event: FormEvent) {
    event.preventDefault();
    const typed = units.trim() === "" && oneUnless ? 1 : Number(units);
    if (!Number.isInteger(typed) || typed === 0) {
      setError(direction === "either" ? "Enter how many units, + or −" : "Enter how many units");
      return;
    }
    const quantity = direction === "out" ? -Math.abs(typed) : direction === "in" ? Math.abs(typed) : typed;
    const priceCents = priced && price.trim() !== "" ? parsePrice(price) : null;
    if (priced && price.trim() !== "" && priceCents === null) {
      setError(PRICE_HINT);
      return;
    }
    const costCents = costed && cost.trim() !== "" ? parsePrice(cost) : null;
    if (costed && cost.trim() !== "" && costCents === null) {
      setError(`Cost each: ${PRICE_HINT}`);
      return;
    }
    setError(null);
    // Shown at once by its stub, and the form closes; a refusal comes back in words, as a toast.
    call(METHOD.STOCK_ADJUST, {
      itemId: item._id,
      ...(hasVariants(item) ? { variantId } : {}),
      locationId: locationId || open[0]?._id || "",
      quantity,
      reason,
      note,
      priceCents,
      costCents,
    }).catch((caught) => toast.show({ text: errorMessage(caught), tone: "danger" }));
    // A sale is kept even with none recorded there (docs/stock.md): said, so someone counts it.
    const held = (variant?.stock[locationId] ?? 0) + quantity;
    if (reason === "sold" && held < 0) {
      const where = open.find((location) => location._id === locationId)?.name ?? "there";
      const name = variant ? variantTitle(item, variant._id) : item.title;
      toast.show({ text: `Sale recorded. “${name}” at ${where} is now ${held}: count it to set it right.` });
    }
    onDone();
  }

  return (
    <form className="stock-form" onSubmit={submit} aria-label="Record a stock change">
      <VariantSelect
        item={item}
        value={variantId}
        onChange={(next) => {
          setVariantId(next);
          // A sale is at the variant's own price, and taken from where that variant is (unless
          // this device works at a chosen place: the stall sells what it sells).
          setPrice(((findVariant(item, next)?.priceCents ?? item.priceCents) / 100).toFixed(2));
          if (direction === "out" && !chosen) setLocationId(heldAt(next) ?? locationId);
        }}
      />
      <Field label="Why">
        {(props) => (
          <select {...props} value={reason} onChange={(event) => setReason(event.target.value as AdjustReason)}>
            {reasons.map((option) => (
              <option key={option} value={option}>
                {MOVEMENT_REASON_LABELS[option]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label="Where">
        {(props) => (
          <select {...props} value={locationId} onChange={(event) => setLocationId(event.target.value)}>
            {open.map((location) => (
              <option key={location._id} value={location._id}>
                {location.name}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field
        label={direction === "in" ? "Units added" : direction === "out" ? "Units taken away" : "Units (+ or −)"}
        error={error}
      >
        {(props) => (
          <input
            {...props}
            type="number"
            inputMode="numeric"
            step={1}
            value={units}
            placeholder={oneUnless ? "1" : undefined}
            onChange={(event) => setUnits(event.target.value)}
            required={!oneUnless}
          />
        )}
      </Field>
      {priced && (
        <Field label={`Price each (${item.currency})`} hint="Optional">
          {(props) => (
            <input {...props} inputMode="decimal" value={price} onChange={(event) => setPrice(event.target.value)} />
          )}
        </Field>
      )}
      {costed && (
        <Field
          label={`Cost each (${item.currency})`}
          hint={costNow === null ? "Optional" : `Optional: ${(costNow / 100).toFixed(2)} if left empty`}
        >
          {(props) => (
            <input
              {...props}
              inputMode="decimal"
              value={cost}
              placeholder={costNow === null ? undefined : (costNow / 100).toFixed(2)}
              onChange={(event) => setCost(event.target.value)}
            />
          )}
        </Field>
      )}
      <Field label="Note" hint="Optional: a delivery, an order number, what happened">
        {(props) => <input {...props} value={note} maxLength={500} onChange={(event) => setNote(event.target.value)} />}
      </Field>
      <div className="form-actions">
        <Button type="submit">Record</Button>
        <Button variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
