import { useCallback, useEffect, useId, useState } from "react";
import { METHOD, type StoreFailedDelivery } from "../../protocol/api";
import { RelativeTime } from "../catalogue/RelativeTime";
import { useCall } from "../live-api";
import { ActionOutcome } from "./ActionOutcome";

/**
 * Store webhook deliveries that could not be applied (docs/operations.md,
 * "The webhook queue"): owners and admins see each with why, and replay or
 * dismiss it. Shown only when there are some.
 */
export function FailedDeliveries() {
  const call = useCall();
  const headingId = useId();
  const [list, setList] = useState<{ deliveries: StoreFailedDelivery[]; total: number } | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);

  const load = useCallback(async () => {
    try {
      setList(await call(METHOD.STORE_FAILED_DELIVERIES));
    } catch (caught) {
      setError(caught);
    }
  }, [call]);
  useEffect(() => {
    void load();
  }, [load]);

  async function act(delivery: StoreFailedDelivery, action: "replay" | "dismiss") {
    if (busy !== null) return;
    setBusy(delivery.id);
    setNotice(null);
    setError(null);
    try {
      if (action === "replay") {
        const outcome = await call(METHOD.STORE_REPLAY_DELIVERY, delivery.id);
        setNotice(outcome === "duplicate" ? `${delivery.topic} was applied already.` : `${delivery.topic} applied.`);
      } else {
        await call(METHOD.STORE_DISMISS_DELIVERY, delivery.id);
        setNotice(`${delivery.topic} dismissed.`);
      }
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(null);
      await load();
    }
  }

  if (!list || (list.total === 0 && !notice && !error)) return null;
  return (
    <section className="store-failed" aria-labelledby={headingId}>
      <h3 id={headingId}>Deliveries from the store that failed</h3>
      {list.total === 0 ? (
        <p className="muted small">None left.</p>
      ) : (
        <>
          <p className="muted small">
            {list.total === 1 ? "1 delivery" : `${list.total.toLocaleString()} deliveries`} from the store could not be
            applied. Replay each once its cause is fixed, or dismiss it.
          </p>
          <ul className="store-failed-list">
            {list.deliveries.map((delivery) => (
              <li key={delivery.id}>
                <strong>{delivery.topic}</strong> <RelativeTime date={delivery.failedAt} />
                <span className="muted small"> — {delivery.error}</span>{" "}
                <button
                  type="button"
                  className="secondary"
                  aria-disabled={busy !== null}
                  onClick={() => act(delivery, "replay")}
                >
                  {busy === delivery.id ? "Working…" : "Replay"}
                </button>{" "}
                <button
                  type="button"
                  className="link-button"
                  aria-disabled={busy !== null}
                  onClick={() => act(delivery, "dismiss")}
                >
                  Dismiss
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
      <ActionOutcome notice={notice} error={error} />
    </section>
  );
}
