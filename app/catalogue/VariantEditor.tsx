/**
 * Editing a product's options and variants in one step (docs/architecture.md
 * §9): up to three option names with their values — every combination made
 * at once, as Shopify does — and a row per variant (its values, SKU,
 * barcode, price, reorder point; its stock shown, changed only through the
 * ledger). A row still holding stock cannot be removed, and saving is
 * checked by the server's own rules first (variant-editor.ts), so either
 * refusal is said in words before anything is sent. Saved with one
 * `items.setVariants` call: it shows at once (variant-stubs.ts) and the form
 * closes; a refusal only the server can make (a SKU another product has)
 * comes back as a notice.
 */
import { type KeyboardEvent, useState } from "react";
import { hasVariants, type ItemDoc, LIMITS, METHOD } from "../../protocol/api";
import { LiveError } from "../../protocol/errors";
import { errorMessage } from "../components/ErrorText";
import { useCall } from "../live-api";
import { LocationSelect } from "../stock/LocationSelect";
import { locationName, useLocations } from "../stock/use-locations";
import { Button } from "../ui/Button";
import { ConfirmDialog } from "../ui/ConfirmDialog";
import { Field } from "../ui/Field";
import { useToast } from "../ui/Toast";
import { VariantRowsTable } from "./VariantRowsTable";
import {
  blankRow,
  countedAt,
  setOf,
  type VariantDraft,
  type VariantRowDraft,
  whyKeep,
  withCombinations,
  withOption,
  withoutOption,
} from "./variant-editor";

const PLACEHOLDERS = ["Size", "Colour", "Material"];
const VALUE_PLACEHOLDERS = ["S, M, L", "Red, Blue", "Cotton, Linen"];

/** The values the rows already have for one option, as the comma-separated text that would make them. */
function valuesText(draft: VariantDraft, index: number): string {
  const seen: string[] = [];
  for (const row of draft.rows) {
    const value = row.values[index]?.trim();
    if (value && !seen.includes(value)) seen.push(value);
  }
  return seen.join(", ");
}

let optionKey = 0;

export function VariantEditor({ item, initial, onDone }: { item: ItemDoc; initial: VariantDraft; onDone(): void }) {
  const call = useCall();
  const toast = useToast();
  const [draft, setDraft] = useState(initial);
  const [valueTexts, setValueTexts] = useState(() => initial.options.map((_, index) => valuesText(initial, index)));
  // Stable keys for the option inputs (an option removed from the middle keeps the others' inputs).
  const [optionKeys, setOptionKeys] = useState(() => initial.options.map(() => `option-${++optionKey}`));
  const [error, setError] = useState<string | null>(null);
  const [rowProblem, setRowProblem] = useState<string | null>(null);
  // Counts are typed for one location at a time (docs/stock.md): a typed count never lands somewhere unasked.
  const { locations } = useLocations();
  const open = locations.filter((location) => !location.archived);

  function send(next: VariantDraft) {
    const checked = setOf(item, next);
    if (!checked.ok) {
      setError(checked.error);
      return false;
    }
    setError(null);
    call(METHOD.ITEMS_SET_VARIANTS, item._id, checked.set).catch((caught) =>
      toast.show({ text: `Variants not saved: ${errorMessage(caught)}`, tone: "danger" }),
    );
    onDone();
    return true;
  }

  function makeCombinations() {
    const made = withCombinations(draft, valueTexts, item);
    if (!made.ok) return setError(made.error);
    setError(null);
    setDraft(made.draft);
  }

  function onValuesKey(event: KeyboardEvent<HTMLInputElement>) {
    // Enter in a values field makes the variants, rather than saving a half-made list.
    if (event.key !== "Enter") return;
    event.preventDefault();
    makeCombinations();
  }

  function setOptionName(index: number, name: string) {
    setDraft((current) => ({ ...current, options: current.options.map((each, at) => (at === index ? name : each)) }));
  }

  function removeOption(index: number) {
    setDraft((current) => withoutOption(current, index));
    setValueTexts((current) => current.filter((_, at) => at !== index));
    setOptionKeys((current) => current.filter((_, at) => at !== index));
  }

  function addOption() {
    setDraft(withOption);
    setValueTexts((current) => [...current, ""]);
    setOptionKeys((current) => [...current, `option-${++optionKey}`]);
  }

  function removeRow(row: VariantRowDraft) {
    const problem = whyKeep(row);
    setRowProblem(problem);
    if (!problem) setDraft((current) => ({ ...current, rows: current.rows.filter((each) => each.key !== row.key) }));
  }

  function changeRow(key: string, patch: Partial<VariantRowDraft>) {
    setDraft((current) => ({
      ...current,
      rows: current.rows.map((row) => (row.key === key ? { ...row, ...patch } : row)),
    }));
  }

  return (
    <form
      className="variant-editor"
      aria-label="Edit variants"
      onSubmit={(event) => {
        event.preventDefault();
        send(draft);
      }}
    >
      <fieldset className="variant-options">
        <legend>Options</legend>
        {draft.options.map((name, index) => (
          <div className="variant-option" key={optionKeys[index]}>
            <Field label={`Option ${index + 1} name`}>
              {(props) => (
                <input
                  {...props}
                  value={name}
                  placeholder={PLACEHOLDERS[index]}
                  maxLength={LIMITS.OPTION_NAME}
                  onChange={(event) => setOptionName(index, event.target.value)}
                />
              )}
            </Field>
            <Field label={`Option ${index + 1} values`} hint="Separated by commas">
              {(props) => (
                <input
                  {...props}
                  value={valueTexts[index] ?? ""}
                  placeholder={VALUE_PLACEHOLDERS[index]}
                  onKeyDown={onValuesKey}
                  onChange={(event) =>
                    setValueTexts((current) => current.map((each, at) => (at === index ? event.target.value : each)))
                  }
                />
              )}
            </Field>
            <Button
              variant="ghost"
              size="sm"
              aria-label={`Remove option ${name.trim() || index + 1}`}
              onClick={() => removeOption(index)}
            >
              Remove
            </Button>
          </div>
        ))}
        <div className="form-actions">
          {draft.options.length > 0 && (
            <Button variant="secondary" onClick={makeCombinations}>
              Make every combination
            </Button>
          )}
          {draft.options.length < LIMITS.OPTIONS && (
            <Button variant="ghost" onClick={addOption}>
              Add another option
            </Button>
          )}
        </div>
      </fieldset>

      {draft.options.length > 0 && (
        <>
          {draft.rows.length > 0 ? (
            <>
              {open.length > 1 && (
                <label className="variant-count-at">
                  Counts at{" "}
                  <LocationSelect
                    locations={open}
                    value={draft.countAt}
                    onChange={(place) => setDraft(countedAt(draft, item, place))}
                  />
                </label>
              )}
              <VariantRowsTable
                draft={draft}
                optionKeys={optionKeys}
                countAtName={locationName(locations, draft.countAt)}
                onChange={changeRow}
                onRemove={removeRow}
              />
            </>
          ) : (
            <p className="muted">No variants yet: give each option its values and make every combination.</p>
          )}
          {rowProblem && (
            <p className="error" role="alert">
              {rowProblem}
            </p>
          )}
          <Button
            variant="ghost"
            disabled={draft.rows.length >= LIMITS.VARIANTS}
            onClick={() => setDraft((current) => ({ ...current, rows: [...current.rows, blankRow(current, item)] }))}
          >
            Add a variant
          </Button>
        </>
      )}

      {error && (
        <p className="error" role="alert" data-testid="variants-error">
          {error}
        </p>
      )}
      <div className="form-actions">
        <Button type="submit">Save variants</Button>
        <Button variant="ghost" onClick={onDone}>
          Cancel
        </Button>
        {hasVariants(item) && (
          <ConfirmDialog
            title="Remove the options?"
            confirmLabel="Remove options"
            trigger={<Button variant="ghost">Remove options</Button>}
            onConfirm={() => {
              const checked = setOf(item, { options: [], rows: [], countAt: draft.countAt });
              // Refused while a variant other than the first still holds stock: said in the dialog.
              if (!checked.ok) throw new LiveError(409, checked.error);
              send({ options: [], rows: [], countAt: draft.countAt });
            }}
          >
            {item.title} goes back to being sold as one item, with its first variant's SKU, barcode, price and stock.
            The other variants' codes are forgotten.
          </ConfirmDialog>
        )}
      </div>
    </form>
  );
}
