import { useState } from "react";
import { COLLECTION, can, METHOD, PUBLICATION, type RoomRole, type StoreItemSyncDoc } from "../../protocol/api";
import { type LiveDoc, useFind } from "../live";
import { useCall, useSubscribe } from "../live-api";
import { ActionOutcome } from "./ActionOutcome";

const FIELD_LABEL: Record<StoreItemSyncDoc["conflicts"][number]["field"], string> = {
  title: "title",
  description: "description",
  priceCents: "price",
  sku: "SKU",
};

/** A value as a person reads it: a price in units, text as it is. */
const shown = (field: string, value: string | number) =>
  field === "priceCents" && typeof value === "number" ? (value / 100).toFixed(2) : String(value);

/**
 * How an item's stock stands with the store (docs/stock.md, "Our movements
 * reach the store"): in step, changes on their way (and why the last try
 * failed, while they are retried by themselves), or a change the store
 * refused, in its words, with "Send again" for those who use the store.
 */
export function ItemStoreSync({ itemId, role }: { itemId: string; role: RoomRole | null }) {
  const loading = useSubscribe(PUBLICATION.STORE_ITEM, itemId);
  const [doc] = useFind(
    COLLECTION.STORE,
    (each: LiveDoc): each is LiveDoc & StoreItemSyncDoc => each._id === `item:${itemId}`,
  );
  const call = useCall();
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const mayRetry = can.useStore(role);
  if (loading || !doc) return null;

  async function retry() {
    if (busy) return;
    setBusy(true);
    setNotice(null);
    setError(null);
    try {
      const count = await call(METHOD.STORE_RETRY_ITEM, itemId);
      setNotice(count === 1 ? "Sending the change again." : `Sending ${count} changes again.`);
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  }

  async function choose(field: StoreItemSyncDoc["conflicts"][number]["field"], keep: "ours" | "theirs") {
    if (busy) return;
    setBusy(true);
    setNotice(null);
    setError(null);
    try {
      await call(METHOD.STORE_RESOLVE_CONFLICT, itemId, field, keep);
      setNotice(keep === "ours" ? `Ours kept: the store gets it.` : `The store's ${FIELD_LABEL[field]} taken.`);
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  }

  const waiting = doc.waiting === 1 ? "1 change waiting for the store" : `${doc.waiting} changes waiting for the store`;
  return (
    <div className="item-store-sync" data-testid="item-store-sync">
      {doc.refused ? (
        <p role="alert" className="error-text">
          The store refused a stock change: {doc.refused}
        </p>
      ) : doc.waiting > 0 ? (
        <p className="small">
          <span className="pill">{waiting}</span>
          {doc.lastError && <span className="muted"> — {doc.lastError} Trying again by itself.</span>}
        </p>
      ) : (
        <p className="small">
          <span className="pill ok">Stock in step with the store</span>
        </p>
      )}
      {doc.conflicts.length > 0 && (
        <div className="item-store-conflicts" data-testid="item-store-conflicts">
          <p className="small">
            <span className="pill">Changed in both places</span> since the store and this room last agreed: choose which
            to keep.
          </p>
          <ul>
            {doc.conflicts.map((conflict) => (
              <li key={conflict.field}>
                <strong>{FIELD_LABEL[conflict.field]}</strong>: here “{shown(conflict.field, conflict.ours)}”, in the
                store “{shown(conflict.field, conflict.theirs)}”
                {mayRetry && (
                  <>
                    {" "}
                    <button
                      type="button"
                      className="secondary"
                      aria-disabled={busy}
                      onClick={() => choose(conflict.field, "ours")}
                      aria-label={`Keep our ${FIELD_LABEL[conflict.field]}`}
                    >
                      Keep ours
                    </button>{" "}
                    <button
                      type="button"
                      className="secondary"
                      aria-disabled={busy}
                      onClick={() => choose(conflict.field, "theirs")}
                      aria-label={`Take the store's ${FIELD_LABEL[conflict.field]}`}
                    >
                      Take the store's
                    </button>
                  </>
                )}
              </li>
            ))}
          </ul>
        </div>
      )}
      {doc.refused && mayRetry && (
        <div className="form-actions">
          <button type="button" className="secondary" aria-disabled={busy} onClick={retry}>
            {busy ? "Sending…" : "Send again"}
          </button>
        </div>
      )}
      <ActionOutcome notice={notice} error={error} />
    </div>
  );
}
