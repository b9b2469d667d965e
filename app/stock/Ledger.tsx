/**
 * Why stock changed (docs/architecture.md §9): the movement ledger, newest first and
 * live, narrowed by reason, location, person and dates, taken back one
 * change at a time (a compensating movement), and downloaded as CSV. On an
 * item's page it is that item's; in the Stock view, the room's. A movement
 * of a variant names it ("Tee — M"; a Variant column on the page of a
 * product with options, which can also be narrowed to one variant).
 */
import { useCallback, useMemo, useState } from "react";
import {
  COLLECTION,
  EMPTY_LEDGER_QUERY,
  inLedger,
  type LedgerQuery,
  METHOD,
  type MemberDoc,
  MOVEMENT_REASON_LABELS,
  MOVEMENT_REASONS,
  type MovementDoc,
  PUBLICATION,
  type VariantDoc,
  variantName,
} from "../../protocol/api";
import { downloadCsv } from "../catalogue/catalogue-csv";
import { RelativeTime } from "../catalogue/RelativeTime";
import { errorMessage } from "../components/ErrorText";
import { type LiveDoc, useFind } from "../live";
import { useCall, useSubscribe } from "../live-api";
import { formatPrice } from "../money";
import { useNameOf } from "../people/use-name-of";
import { Button } from "../ui/Button";
import { Field } from "../ui/Field";
import { ledgerCsv } from "./ledger-csv";
import "./stock.css";
import { signedUnits } from "./signed-units";
import { locationName, useLocations } from "./use-locations";

const isMovement = (doc: LiveDoc): doc is LiveDoc & MovementDoc => typeof doc.balance === "number";
const isMember = (doc: LiveDoc): doc is LiveDoc & MemberDoc => typeof doc.role === "string";
const newestFirst = (a: MovementDoc, b: MovementDoc) => b.at.getTime() - a.at.getTime();

/** A date input's value as the start (or end) of that day, in this browser's time. */
function dayBound(value: string, end: boolean): number {
  if (!value) return 0;
  const [year, month, day] = value.split("-").map(Number) as [number, number, number];
  return end ? new Date(year, month - 1, day, 23, 59, 59, 999).getTime() : new Date(year, month - 1, day).getTime();
}

/** A movement's note and reference as people read them: a stocktake's reference is its id, said as what it is. */
function noteOf(movement: { note: string; reference: string; reason: string }): string {
  const reference = movement.reason === "stocktake" && movement.reference ? "in a stocktake" : movement.reference;
  return [movement.note, reference].filter(Boolean).join(" · ");
}

export function Ledger({
  itemId = "",
  itemTitle,
  variants = [],
  currency,
  canEdit,
  undoOwnOf = null,
}: {
  itemId?: string;
  /** How a movement's item (and its variant: "Tee — M") reads. */
  itemTitle(id: string, variantId: string): string;
  /** The item's variants when it has options (its page): a Variant column and filter. */
  variants?: readonly VariantDoc[];
  /** The currency sale prices are in (the item's). */
  currency: string;
  canEdit: boolean;
  /** Someone who may take back only their own movements (a cashier: docs/stock.md): their id. */
  undoOwnOf?: string | null;
}) {
  const mayUndo = (movement: { userId: string }) => canEdit || (undoOwnOf !== null && movement.userId === undoOwnOf);
  const undoColumn = canEdit || undoOwnOf !== null;
  const [filter, setFilter] = useState({ reason: "", locationId: "", userId: "", from: "", to: "", variantId: "" });
  const query: LedgerQuery = useMemo(
    () => ({
      ...EMPTY_LEDGER_QUERY,
      itemId,
      variantId: filter.variantId,
      reason: filter.reason as LedgerQuery["reason"],
      locationId: filter.locationId,
      userId: filter.userId,
      from: dayBound(filter.from, false),
      to: dayBound(filter.to, true),
      limit: 200,
    }),
    [itemId, filter],
  );
  const loading = useSubscribe(PUBLICATION.LEDGER, query);
  const matches = useCallback(
    (doc: LiveDoc): doc is LiveDoc & MovementDoc => isMovement(doc) && inLedger(query, doc),
    [query],
  );
  const movements = useFind(COLLECTION.MOVEMENTS, matches, newestFirst);
  const byVariant = variants.length > 0;
  const variantCell = (id: string) => {
    const variant = variants.find((each) => each._id === id);
    return variant ? variantName(variant) : "A removed variant";
  };
  const { locations } = useLocations();
  const members = useFind(COLLECTION.MEMBERS, isMember);
  const nameOf = useNameOf();
  const call = useCall();
  const [error, setError] = useState<string | null>(null);
  const set = (part: Partial<typeof filter>) => setFilter((current) => ({ ...current, ...part }));

  function download() {
    const csv = ledgerCsv(movements, currency, {
      item: (movement) => itemTitle(movement.itemId, movement.variantId),
      location: (id) => locationName(locations, id),
      person: (id) => nameOf(id),
    });
    downloadCsv(csv, "stock-movements.csv");
  }

  function undo(movement: MovementDoc) {
    setError(null);
    call(METHOD.STOCK_UNDO, movement._id).catch((caught) => setError(errorMessage(caught)));
  }

  return (
    <section className="card ledger" aria-labelledby="ledger-heading">
      <h2 id="ledger-heading">Stock movements</h2>
      <fieldset className="ledger-filters">
        <legend className="visually-hidden">Narrow the movements</legend>
        <Field label="Reason">
          {(props) => (
            <select {...props} value={filter.reason} onChange={(event) => set({ reason: event.target.value })}>
              <option value="">Any reason</option>
              {MOVEMENT_REASONS.map((reason) => (
                <option key={reason} value={reason}>
                  {MOVEMENT_REASON_LABELS[reason]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Location">
          {(props) => (
            <select {...props} value={filter.locationId} onChange={(event) => set({ locationId: event.target.value })}>
              <option value="">Anywhere</option>
              {locations.map((location) => (
                <option key={location._id} value={location._id}>
                  {location.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Person">
          {(props) => (
            <select {...props} value={filter.userId} onChange={(event) => set({ userId: event.target.value })}>
              <option value="">Anyone</option>
              {members.map((member) => (
                <option key={member._id} value={member._id}>
                  {nameOf(member._id)}
                </option>
              ))}
            </select>
          )}
        </Field>
        {byVariant && (
          <Field label="Variant">
            {(props) => (
              <select {...props} value={filter.variantId} onChange={(event) => set({ variantId: event.target.value })}>
                <option value="">Every variant</option>
                {variants.map((variant) => (
                  <option key={variant._id} value={variant._id}>
                    {variantName(variant)}
                  </option>
                ))}
              </select>
            )}
          </Field>
        )}
        <Field label="Since">
          {(props) => (
            <input {...props} type="date" value={filter.from} onChange={(event) => set({ from: event.target.value })} />
          )}
        </Field>
        <Field label="Until">
          {(props) => (
            <input {...props} type="date" value={filter.to} onChange={(event) => set({ to: event.target.value })} />
          )}
        </Field>
      </fieldset>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      {loading && movements.length === 0 ? (
        <p className="muted">Loading movements…</p>
      ) : movements.length === 0 ? (
        <p className="muted">
          No stock movements
          {filter.reason || filter.locationId || filter.userId || filter.from || filter.to || filter.variantId
            ? " match these filters"
            : " yet"}
          .
        </p>
      ) : (
        <table className="ledger-table" data-testid="ledger">
          <thead>
            <tr>
              <th scope="col">When</th>
              {!itemId && <th scope="col">Item</th>}
              {byVariant && <th scope="col">Variant</th>}
              <th scope="col">Where</th>
              <th scope="col">Why</th>
              <th scope="col" className="number">
                Change
              </th>
              <th scope="col" className="number">
                Left there
              </th>
              <th scope="col">Who</th>
              <th scope="col">Note</th>
              {undoColumn && (
                <th scope="col">
                  <span className="visually-hidden">Undo</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {movements.map((movement) => (
              <tr key={movement._id} className={movement.undone ? "undone" : undefined}>
                <td>
                  <RelativeTime date={movement.at} />
                </td>
                {!itemId && <td>{itemTitle(movement.itemId, movement.variantId)}</td>}
                {byVariant && <td>{variantCell(movement.variantId)}</td>}
                <td>{locationName(locations, movement.locationId)}</td>
                <td>
                  {MOVEMENT_REASON_LABELS[movement.reason]}
                  {movement.undoes ? " (undo)" : ""}
                  {movement.undone ? " — undone" : ""}
                </td>
                <td className="number">
                  {signedUnits(movement.quantity)}
                  {movement.priceCents !== null && movement.priceCents !== undefined && (
                    <span className="muted small"> at {formatPrice(movement.priceCents, currency)}</span>
                  )}
                </td>
                <td className="number">{movement.balance.toLocaleString()}</td>
                <td>{nameOf(movement.userId)}</td>
                <td>{noteOf(movement)}</td>
                {undoColumn && (
                  <td>
                    {mayUndo(movement) && !movement.undone && !movement.undoes && (
                      <Button
                        variant="ghost"
                        size="sm"
                        onClick={() => undo(movement)}
                        aria-label={`Undo ${MOVEMENT_REASON_LABELS[movement.reason].toLowerCase()} of ${signedUnits(movement.quantity)}`}
                      >
                        Undo
                      </Button>
                    )}
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {movements.length > 0 && (
        <div className="form-actions">
          <Button variant="secondary" onClick={download}>
            Download as CSV
          </Button>
        </div>
      )}
    </section>
  );
}
