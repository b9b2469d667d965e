/**
 * Reorder points per location (docs/architecture.md §9): beside the point for
 * an item (or a variant) in all, each location may have its own — the shop
 * floor low at 2 while the back room holds plenty. One number per open
 * location, blank for none; saved as one edit (`items.update`, or
 * `items.updateVariant` for a product's variant), shown at once like any.
 */
import { type FormEvent, useState } from "react";
import { findVariant, hasVariants, type ItemDoc, type LocationDoc, METHOD } from "../../protocol/api";
import { errorMessage } from "../components/ErrorText";
import { useCall } from "../live-api";
import { Button } from "../ui/Button";
import { Field } from "../ui/Field";
import { useToast } from "../ui/Toast";
import { firstVariantId, VariantSelect } from "./VariantSelect";

/** The points as typed: location id → text ("" for none). */
type Typed = Record<string, string>;

function typedOf(points: Readonly<Record<string, number>> | undefined): Typed {
  return Object.fromEntries(Object.entries(points ?? {}).map(([id, units]) => [id, String(units)]));
}

export function LocationReorderForm({
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
  const [variantId, setVariantId] = useState(() => firstVariantId(item, false, openedAt));
  const pointsOf = (id: string) =>
    hasVariants(item) ? findVariant(item, id)?.locationReorderPoints : item.locationReorderPoints;
  const [typed, setTyped] = useState<Typed>(() => typedOf(pointsOf(variantId)));
  const [error, setError] = useState<string | null>(null);
  const open = locations.filter((location) => !location.archived);

  function submit(event: FormEvent) {
    event.preventDefault();
    const points: Record<string, number> = {};
    for (const location of open) {
      const text = (typed[location._id] ?? "").trim();
      if (text === "") continue;
      const units = Number(text);
      if (!Number.isInteger(units) || units < 0) {
        return setError(`${location.name}: enter a whole number of units, or leave it blank`);
      }
      points[location._id] = units;
    }
    setError(null);
    const saved = hasVariants(item)
      ? call(METHOD.ITEMS_UPDATE_VARIANT, item._id, variantId, { locationReorderPoints: points })
      : call(METHOD.ITEMS_UPDATE, item._id, { locationReorderPoints: points });
    saved.catch((caught) => toast.show({ text: errorMessage(caught), tone: "danger" }));
    onDone();
  }

  return (
    <form className="stock-form" onSubmit={submit} aria-label="Reorder points by location">
      <VariantSelect
        item={item}
        value={variantId}
        onChange={(next) => {
          setVariantId(next);
          setTyped(typedOf(pointsOf(next)));
        }}
      />
      <p className="muted">Low when a location holds this many or fewer. Leave blank for none.</p>
      {open.map((location) => (
        <Field key={location._id} label={`Reorder at — ${location.name}`}>
          {(props) => (
            <input
              {...props}
              inputMode="numeric"
              value={typed[location._id] ?? ""}
              onChange={(event) => setTyped((current) => ({ ...current, [location._id]: event.target.value }))}
            />
          )}
        </Field>
      ))}
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      <div className="form-actions">
        <Button type="submit">Save reorder points</Button>
        <Button variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
