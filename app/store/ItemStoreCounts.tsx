import { useId, useState } from "react";
import { METHOD, type StoreItemCounts } from "../../protocol/api";
import { useCall } from "../live-api";
import { locationName, useLocations } from "../stock/use-locations";
import { ActionOutcome } from "./ActionOutcome";

/**
 * Which number is which (docs/stock.md): the store's available, committed
 * and on-hand counts of the item's variants at each location kept here,
 * read from the store when asked. The catalogue's quantity is "available".
 */
export function ItemStoreCounts({ itemId }: { itemId: string }) {
  const call = useCall();
  const { locations } = useLocations();
  const captionId = useId();
  const [rows, setRows] = useState<StoreItemCounts[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);

  async function load() {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      setRows(await call(METHOD.STORE_ITEM_COUNTS, itemId));
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="item-store-counts" data-testid="item-store-counts">
      <div className="form-actions">
        <button type="button" className="secondary" aria-disabled={busy} onClick={load}>
          {busy ? "Asking the store…" : rows ? "Ask the store again" : "Counts in the store"}
        </button>
      </div>
      {rows && rows.length === 0 && <p className="muted small">The store keeps no stock of this item here.</p>}
      {rows && rows.length > 0 && (
        <table className="store-locations-table" aria-describedby={captionId}>
          <thead>
            <tr>
              <th scope="col">Where</th>
              <th scope="col">Available</th>
              <th scope="col">Committed</th>
              <th scope="col">On hand</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={`${row.variantId} ${row.locationId}`}>
                <th scope="row">
                  {row.variantName ? `${row.variantName} at ` : ""}
                  {locationName(locations, row.locationId)}
                </th>
                <td>{row.available}</td>
                <td>{row.committed}</td>
                <td>{row.onHand}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p id={captionId} className="muted small">
        The catalogue's quantity is what is <strong>available</strong>: on hand, less what is <strong>committed</strong>{" "}
        (ordered and not yet sent).
      </p>
      <ActionOutcome notice={null} error={error} />
    </div>
  );
}
