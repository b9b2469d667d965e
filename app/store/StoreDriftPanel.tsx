import { useId } from "react";
import { COLLECTION, can, METHOD, type RoomRole, type StoreDriftDoc, type StoreDriftLine } from "../../protocol/api";
import { RelativeTime } from "../catalogue/RelativeTime";
import { type LiveDoc, useFind } from "../live";
import { useCall } from "../live-api";
import { locationName, useLocations } from "../stock/use-locations";
import { ActionOutcome } from "./ActionOutcome";
import { useStoreAction } from "./use-store-action";

const isDrift = (doc: LiveDoc): doc is LiveDoc & StoreDriftDoc => doc._id === "drift";
const lineKey = (line: StoreDriftLine) => `${line.itemId} ${line.variantId} ${line.locationId}`;

/**
 * The drift check (docs/stock.md, "The drift check"): every linked variant's
 * stock at every store location kept here, compared with the store's, with
 * progress; the differences it found, and — for owners and admins — per
 * line, take the store's count or send ours. Nothing is corrected by itself.
 */
export function StoreDriftPanel({ role }: { role: RoomRole | null }) {
  const [drift] = useFind(COLLECTION.STORE, isDrift);
  const { locations } = useLocations();
  const call = useCall();
  const headingId = useId();
  const labelId = useId();
  const { busy, notice, error, run } = useStoreAction();
  const manage = can.manageStore(role);
  const mayCheck = can.useStore(role);
  const running = drift?.running === true;

  const check = () =>
    run("check", async () => {
      const { started } = await call(METHOD.STORE_CHECK_DRIFT);
      return started ? "Comparing with the store…" : "A check is already running.";
    });
  const take = (line: StoreDriftLine) =>
    run(lineKey(line), async () => {
      await call(METHOD.STORE_TAKE_COUNT, {
        itemId: line.itemId,
        variantId: line.variantId,
        locationId: line.locationId,
      });
      return `${line.title}: the store's count is kept here.`;
    });
  const send = (line: StoreDriftLine) =>
    run(lineKey(line), async () => {
      await call(METHOD.STORE_SEND_COUNT, {
        itemId: line.itemId,
        variantId: line.variantId,
        locationId: line.locationId,
      });
      return `${line.title}: our count is on its way to the store.`;
    });

  return (
    <section className="store-drift" aria-labelledby={headingId} data-testid="store-drift">
      <h3 id={headingId}>Stock check</h3>
      <p className="muted small">
        Compares every published variant's stock at each location kept here with the store's. Differences are listed,
        never corrected by themselves; the check also runs once a day and the daily e-mail says what it found.
      </p>
      {running && drift ? (
        <div className="store-sync-progress">
          <span id={labelId}>
            Comparing… {drift.checked.toLocaleString()} of {drift.total.toLocaleString()} variants
          </span>
          <progress aria-labelledby={labelId} max={Math.max(drift.total, 1)} value={drift.checked} />
        </div>
      ) : (
        mayCheck && (
          <div className="form-actions">
            <button type="button" className="secondary" aria-disabled={busy !== null} onClick={check}>
              Compare with the store
            </button>
          </div>
        )
      )}
      {drift?.checkedAt instanceof Date && !running && (
        <p className="small" data-testid="store-drift-summary">
          {drift.error ? (
            <span role="alert" className="error-text">
              The last check stopped: {drift.error}
            </span>
          ) : drift.differences === 0 ? (
            <span className="pill ok">In step with the store</span>
          ) : (
            <span className="pill">
              {drift.differences === 1 ? "1 difference" : `${drift.differences.toLocaleString()} differences`}
            </span>
          )}{" "}
          <span className="muted">
            checked <RelativeTime date={drift.checkedAt} />
          </span>
        </p>
      )}
      {drift && drift.lines.length > 0 && (
        <table className="store-locations-table">
          <thead>
            <tr>
              <th scope="col">Item</th>
              <th scope="col">Location</th>
              <th scope="col">Here</th>
              <th scope="col">In the store</th>
              {manage && <th scope="col">Keep</th>}
            </tr>
          </thead>
          <tbody>
            {drift.lines.map((line) => (
              <tr key={lineKey(line)}>
                <th scope="row">{line.title}</th>
                <td>{locationName(locations, line.locationId)}</td>
                <td>{line.here}</td>
                <td>{line.store}</td>
                {manage && (
                  <td>
                    <button
                      type="button"
                      className="secondary"
                      aria-disabled={busy !== null}
                      onClick={() => take(line)}
                      aria-label={`Take the store's count of ${line.title}`}
                    >
                      Take the store's
                    </button>{" "}
                    <button
                      type="button"
                      className="secondary"
                      aria-disabled={busy !== null}
                      onClick={() => send(line)}
                      aria-label={`Send our count of ${line.title}`}
                    >
                      Send ours
                    </button>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <ActionOutcome notice={notice} error={error} />
    </section>
  );
}
