/**
 * Moves units of an item from one location to another in one step (a
 * transfer: two movements); for a product with options, of the variant
 * chosen (docs/architecture.md §9).
 */
import { type FormEvent, useState } from "react";
import { findVariant, hasVariants, type ItemDoc, type LocationDoc, METHOD } from "../../protocol/api";
import { errorMessage } from "../components/ErrorText";
import { useCall } from "../live-api";
import { Button } from "../ui/Button";
import { Field } from "../ui/Field";
import { useToast } from "../ui/Toast";
import { firstVariantId, VariantSelect } from "./VariantSelect";

export function MoveStockForm({
  item,
  locations,
  openedAt,
  onDone,
}: {
  item: ItemDoc;
  locations: readonly LocationDoc[];
  /** The variant the item page was opened at, if any: the form starts on it. */
  openedAt?: string;
  onDone(): void;
}) {
  const call = useCall();
  const toast = useToast();
  const [variantId, setVariantId] = useState(() => firstVariantId(item, true, openedAt));
  const stockOf = (id: string) => findVariant(item, id)?.stock ?? {};
  const holdingOf = (id: string) => locations.filter((location) => (stockOf(id)[location._id] ?? 0) > 0);
  const stock = stockOf(variantId);
  const holding = holdingOf(variantId);
  const open = locations.filter((location) => !location.archived);
  const otherThan = (id: string | undefined) => open.find((location) => location._id !== id)?._id ?? "";
  const [from, setFrom] = useState(holding[0]?._id ?? "");
  const [to, setTo] = useState(otherThan(holding[0]?._id));
  const [units, setUnits] = useState("");
  const [note, setNote] = useState("");
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const quantity = Number(units);
    if (!Number.isInteger(quantity) || quantity < 1) return setError("Enter how many units to move");
    if (from === to) return setError("Choose two different locations");
    if (quantity > (stock[from] ?? 0)) return setError(`Only ${stock[from] ?? 0} there to move`);
    setError(null);
    // Shown at once by its stub, and the form closes; a refusal comes back in words, as a toast.
    const variant = hasVariants(item) ? { variantId } : {};
    call(METHOD.STOCK_TRANSFER, { itemId: item._id, ...variant, from, to, quantity, note }).catch((caught) =>
      toast.show({ text: errorMessage(caught), tone: "danger" }),
    );
    onDone();
  }

  const chooseVariant = (
    <VariantSelect
      item={item}
      value={variantId}
      onChange={(next) => {
        setVariantId(next);
        const first = holdingOf(next)[0]?._id ?? "";
        setFrom(first);
        if (to === first) setTo(otherThan(first));
      }}
    />
  );
  if (holding.length === 0 && !hasVariants(item))
    return <p className="muted">There is no stock of this item to move.</p>;
  if (holding.length === 0) {
    return (
      <div className="stock-form">
        {chooseVariant}
        <p className="muted">There is no stock of this variant to move.</p>
        <div className="form-actions">
          <Button variant="ghost" onClick={onDone}>
            Cancel
          </Button>
        </div>
      </div>
    );
  }
  return (
    <form className="stock-form" onSubmit={submit} aria-label="Move stock">
      {chooseVariant}
      <Field label="From">
        {(props) => (
          <select
            {...props}
            value={from}
            onChange={(event) => {
              setFrom(event.target.value);
              // Never to where it comes from.
              if (to === event.target.value) setTo(otherThan(event.target.value));
            }}
          >
            {holding.map((location) => (
              <option key={location._id} value={location._id}>
                {location.name} ({stock[location._id]})
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label="To">
        {(props) => (
          <select {...props} value={to} onChange={(event) => setTo(event.target.value)}>
            {open
              .filter((location) => location._id !== from)
              .map((location) => (
                <option key={location._id} value={location._id}>
                  {location.name}
                </option>
              ))}
          </select>
        )}
      </Field>
      <Field label="Units to move" error={error}>
        {(props) => (
          <input
            {...props}
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            value={units}
            onChange={(event) => setUnits(event.target.value)}
            required
          />
        )}
      </Field>
      <Field label="Note" hint="Optional">
        {(props) => <input {...props} value={note} maxLength={500} onChange={(event) => setNote(event.target.value)} />}
      </Field>
      <div className="form-actions">
        <Button type="submit">Move</Button>
        <Button variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
