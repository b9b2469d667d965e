/**
 * No stocktake under way: what one is for, and — for those who change the
 * catalogue — where to count. A stocktake counts at one location or
 * several, each counted on its own (docs/stock.md); a room with one
 * location is not asked.
 */
import { useState } from "react";
import { can, METHOD, type RoomRole } from "../../protocol/api";
import { errorMessage } from "../components/ErrorText";
import { useCall } from "../live-api";
import { useLocations } from "../stock/use-locations";
import { Button } from "../ui/Button";

export function StartStocktake({ role }: { role: RoomRole | null }) {
  const call = useCall();
  const { locations } = useLocations();
  const open = locations.filter((location) => !location.archived);
  // The first location is counted unless another is chosen.
  const [chosen, setChosen] = useState<string[] | null>(null);
  const places = chosen ?? open.slice(0, 1).map((location) => location._id);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const toggle = (id: string, on: boolean) => setChosen(on ? [...places, id] : places.filter((place) => place !== id));
  return (
    <section className="card empty-state" aria-labelledby="stocktake-heading">
      <h2 id="stocktake-heading">Stocktake</h2>
      <p>
        Count what is really on the shelves: everyone taking part scans item labels or barcodes with their phone (or
        types a SKU), the counts come together here, and the differences from the recorded quantities are set right in
        one step. A sale made after a shelf was counted still counts.
      </p>
      {can.editItems(role) ? (
        <>
          {open.length > 1 && (
            <fieldset className="stocktake-places">
              <legend>Where are you counting?</legend>
              {open.map((location) => (
                <label key={location._id} className="checkbox-label">
                  <input
                    type="checkbox"
                    checked={places.includes(location._id)}
                    onChange={(event) => toggle(location._id, event.target.checked)}
                  />
                  {location.name}
                </label>
              ))}
            </fieldset>
          )}
          <Button
            disabled={busy || (open.length > 1 && places.length === 0)}
            onClick={async () => {
              setBusy(true);
              setError(null);
              try {
                await call(METHOD.STOCKTAKE_START, places.length > 0 ? places : undefined);
              } catch (caught) {
                setError(errorMessage(caught));
              } finally {
                setBusy(false);
              }
            }}
          >
            {busy ? "Starting…" : "Start stocktake"}
          </Button>
          {open.length > 1 && places.length === 0 && <p className="muted">Choose at least one location.</p>}
        </>
      ) : (
        <p className="muted">
          No stocktake is under way. Members of the room can start one
          {can.count(role) ? "; you can count as soon as they do." : "."}
        </p>
      )}
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
