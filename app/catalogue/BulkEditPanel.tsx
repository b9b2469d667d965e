/**
 * _Edit selected_: one change to every selected item — price set or moved
 * by a percentage, stock added or taken away with a reason at a location, a
 * shelf, tags added or removed, a status — as one action, shown at once and
 * undone in one step (`items.bulkEdit`; a big selection goes in steps of
 * LIMITS.BULK, each all or none).
 */
import { type FormEvent, useState } from "react";
import {
  ADJUST_REASONS,
  type AdjustReason,
  ITEM_STATUSES,
  type ItemStatus,
  METHOD,
  MOVEMENT_REASON_LABELS,
} from "../../protocol/api";
import type { BulkChange, BulkSelectionResult } from "../../protocol/bulk-edit";
import { randomId } from "../../protocol/random-stream";
import { errorMessage } from "../components/ErrorText";
import { useCall } from "../live-api";
import { parsePrice } from "../money";
import { useLocations } from "../stock/use-locations";
import { Button } from "../ui/Button";
import { Field } from "../ui/Field";
import { useToast } from "../ui/Toast";
import { parseTags } from "./catalogue-query";
import { statusName } from "./StatusMenu";

type PriceMode = "keep" | "set" | "percent";

/** The change the form describes, or why it cannot be made. */
function changeOf(form: {
  priceMode: PriceMode;
  price: string;
  units: string;
  reason: AdjustReason;
  locationId: string;
  shelf: string;
  setShelf: boolean;
  addTags: string;
  removeTags: string;
  status: ItemStatus | "keep";
}): BulkChange | string {
  const change: BulkChange = {};
  if (form.priceMode === "set") {
    const cents = parsePrice(form.price);
    if (cents === null) return "Enter a price, like 12.50";
    change.price = { set: cents };
  } else if (form.priceMode === "percent") {
    const percent = Number(form.price.replace(",", ".").replace("%", ""));
    if (!Number.isFinite(percent) || percent === 0) return "Enter a percentage, like 10 or -15";
    change.price = { percent };
  }
  if (form.units.trim() !== "") {
    const typed = Number(form.units);
    if (!Number.isInteger(typed) || typed === 0) return "Enter a whole number of units";
    const direction = ADJUST_REASONS[form.reason];
    change.stock = {
      quantity: direction === "out" ? -Math.abs(typed) : direction === "in" ? Math.abs(typed) : typed,
      reason: form.reason,
      locationId: form.locationId,
    };
  }
  if (form.setShelf) change.location = form.shelf;
  if (form.addTags.trim()) change.addTags = parseTags(form.addTags);
  if (form.removeTags.trim()) change.removeTags = parseTags(form.removeTags);
  if (form.status !== "keep") change.status = form.status;
  return Object.keys(change).length > 0 ? change : "Choose something to change";
}

export function BulkEditPanel({
  itemIds: ids,
  variantIds,
  onClose,
  onJob,
  onJobEnded,
}: {
  itemIds: readonly string[];
  /** Variants chosen on their own: the price and stock change goes to them only (docs/architecture.md §9). */
  variantIds: readonly string[];
  onClose(): void;
  /** The server's job making the change, for a progress bar while it runs. */
  onJob(job: { id: string; total: number }): void;
  /** That job answered. */
  onJobEnded(id: string): void;
}) {
  const call = useCall();
  const toast = useToast();
  const { locations } = useLocations();
  const open = locations.filter((location) => !location.archived);
  const [form, setForm] = useState({
    priceMode: "keep" as PriceMode,
    price: "",
    units: "",
    reason: "received" as AdjustReason,
    locationId: open[0]?._id ?? "main",
    shelf: "",
    setShelf: false,
    addTags: "",
    removeTags: "",
    status: "keep" as ItemStatus | "keep",
  });
  const [error, setError] = useState<string | null>(null);
  const set = (part: Partial<typeof form>) => setForm((current) => ({ ...current, ...part }));

  function apply(event: FormEvent) {
    event.preventDefault();
    const change = changeOf(form);
    if (typeof change === "string") return setError(change);
    setError(null);
    // Shown on every item at once by the stub; with no line the call waits like any edit. One call: the
    // server makes it as a job, LIMITS.BULK items at a time, which goes on if this tab closes. The panel
    // closes now, and Undo is offered once the server has answered (it says what to put back).
    const jobId = randomId();
    onJob({ id: jobId, total: ids.length });
    onClose();
    const offerUndo = (result: BulkSelectionResult) => {
      if (result.changed === 0) return;
      toast.show({
        text: `Changed ${result.changed.toLocaleString()} ${result.changed === 1 ? "item" : "items"}`,
        action: {
          label: "Undo",
          run: () => {
            for (const undo of result.undo) {
              void call(METHOD.ITEMS_BULK_UNDO, undo).catch((caught: unknown) =>
                toast.show({ text: errorMessage(caught), tone: "danger" }),
              );
            }
          },
        },
      });
    };
    void call(METHOD.ITEMS_EDIT_SELECTION, [...ids], change, [...variantIds], jobId)
      .then(offerUndo, (caught: unknown) => {
        toast.show({ text: errorMessage(caught), tone: "danger" });
        // Refused part-way: what was made before it can still be put back.
        const made = (caught as { details?: BulkSelectionResult }).details;
        if (made && Array.isArray(made.undo)) offerUndo(made);
      })
      .finally(() => onJobEnded(jobId));
  }

  return (
    <form className="card bulk-edit" onSubmit={apply} aria-label="Edit selected items">
      <h3>
        Edit {ids.length.toLocaleString()} selected {ids.length === 1 ? "item" : "items"}
        {variantIds.length > 0 &&
          ` (${variantIds.length.toLocaleString()} ${variantIds.length === 1 ? "variant" : "variants"})`}
      </h3>
      <div className="bulk-edit-grid">
        <Field label="Prices">
          {(props) => (
            <select {...props} value={form.priceMode} onChange={(e) => set({ priceMode: e.target.value as PriceMode })}>
              <option value="keep">Keep</option>
              <option value="set">Set to</option>
              <option value="percent">Change by %</option>
            </select>
          )}
        </Field>
        {form.priceMode !== "keep" && (
          <Field label={form.priceMode === "set" ? "New price" : "Change (%)"}>
            {(props) => (
              <input
                {...props}
                inputMode="decimal"
                value={form.price}
                onChange={(e) => set({ price: e.target.value })}
              />
            )}
          </Field>
        )}
        <Field label="Stock change (units)" hint="Empty: keep">
          {(props) => (
            <input {...props} inputMode="numeric" value={form.units} onChange={(e) => set({ units: e.target.value })} />
          )}
        </Field>
        {form.units.trim() !== "" && (
          <>
            <Field label="Reason">
              {(props) => (
                <select
                  {...props}
                  value={form.reason}
                  onChange={(e) => set({ reason: e.target.value as AdjustReason })}
                >
                  {(Object.keys(ADJUST_REASONS) as AdjustReason[]).map((reason) => (
                    <option key={reason} value={reason}>
                      {MOVEMENT_REASON_LABELS[reason]}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field label="At">
              {(props) => (
                <select {...props} value={form.locationId} onChange={(e) => set({ locationId: e.target.value })}>
                  {open.map((location) => (
                    <option key={location._id} value={location._id}>
                      {location.name}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          </>
        )}
        <label className="bulk-edit-check">
          <input type="checkbox" checked={form.setShelf} onChange={(e) => set({ setShelf: e.target.checked })} /> Set
          shelf
        </label>
        {form.setShelf && (
          <Field label="Shelf for all">
            {(props) => <input {...props} value={form.shelf} onChange={(e) => set({ shelf: e.target.value })} />}
          </Field>
        )}
        <Field label="Add tags" hint="Comma-separated">
          {(props) => <input {...props} value={form.addTags} onChange={(e) => set({ addTags: e.target.value })} />}
        </Field>
        <Field label="Remove tags">
          {(props) => (
            <input {...props} value={form.removeTags} onChange={(e) => set({ removeTags: e.target.value })} />
          )}
        </Field>
        <Field label="Status">
          {(props) => (
            <select
              {...props}
              value={form.status}
              onChange={(e) => set({ status: e.target.value as ItemStatus | "keep" })}
            >
              <option value="keep">Keep</option>
              {ITEM_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {statusName(status)}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      <div className="form-actions">
        <Button type="submit">Apply to selected</Button>
        <Button variant="ghost" onClick={onClose}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
