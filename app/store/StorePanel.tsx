import { useEffect, useRef, useState } from "react";
import { COLLECTION, can, METHOD, PUBLICATION, type RoomRole, type StoreConnectionDoc } from "../../protocol/api";
import { useLoginState } from "../accounts";
import { type LiveDoc, useFind } from "../live";
import { useCall, useSubscribe } from "../live-api";
import { FailedDeliveries } from "./FailedDeliveries";
import { OrderEmailsToggle } from "./OrderEmailsToggle";
import { StoreConnectForm } from "./StoreConnectForm";
import { StoreDriftPanel } from "./StoreDriftPanel";
import { StoreLocationsPanel } from "./StoreLocationsPanel";
import { StoreReviewPanel } from "./StoreReviewPanel";
import { StoreSetupGuide } from "./StoreSetupGuide";
import { StoreSyncPanel } from "./StoreSyncPanel";
import "./store.css";
import { ActionOutcome } from "./ActionOutcome";
import { useStoreAction } from "./use-store-action";

const isConnection = (doc: LiveDoc): doc is LiveDoc & StoreConnectionDoc => doc._id === "connection";

const AUTH_LABEL: Record<NonNullable<StoreConnectionDoc["authKind"]>, string> = {
  client_credentials: "a client ID and secret",
  access_token: "an Admin API access token",
};

/**
 * The room's online store (docs/product.md §5): whether it is connected and to which
 * shop, for every member; owners and admins connect, test and disconnect.
 * The server never sends a secret, so there is none to show.
 */
export function StorePanel({ role }: { role: RoomRole | null }) {
  const loading = useSubscribe(PUBLICATION.STORE);
  const [connection] = useFind(COLLECTION.STORE, isConnection);
  const manage = can.manageStore(role);
  const call = useCall();
  const { userId } = useLoginState();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const { busy, notice, error, run, say } = useStoreAction<"test" | "disconnect">();
  const confirmButton = useRef<HTMLButtonElement>(null);
  // The "Disconnect…" button gives way to the question: keep keyboard focus on the answer.
  useEffect(() => {
    if (confirming) confirmButton.current?.focus();
  }, [confirming]);

  const test = () =>
    run("test", async () => {
      const { shopName } = await call(METHOD.STORE_TEST);
      return `Connected to ${shopName}`;
    });
  const disconnect = () =>
    run("disconnect", async () => {
      await call(METHOD.STORE_DISCONNECT);
      setConfirming(false);
      return "The store is disconnected.";
    });
  const connected = (shopName: string, webhookNote: string) => {
    setEditing(false);
    say(
      webhookNote
        ? `Connected to ${shopName}. ${webhookNote}.`
        : `Connected to ${shopName}; the store now tells this room about new orders and product changes at once.`,
    );
  };

  return (
    <section className="card store-panel" aria-labelledby="store-heading">
      <h2 id="store-heading">Online store</h2>
      {loading || !connection ? (
        <p className="muted">Checking the store connection…</p>
      ) : connection.connected ? (
        <>
          <p className="store-status" data-testid="store-status">
            <span className="pill ok">Connected</span> to <strong>{connection.shopName}</strong>{" "}
            <span className="muted">({connection.domain})</span>
          </p>
          <p className="muted small">
            {connection.authKind && `Signs in with ${AUTH_LABEL[connection.authKind]}`}
            {connection.connectedAt instanceof Date && `, since ${connection.connectedAt.toLocaleDateString()}`}.
          </p>
          {manage && !editing && (
            <div className="form-actions">
              <button type="button" className="secondary" disabled={busy !== null} onClick={test}>
                {busy === "test" ? "Testing…" : "Test connection"}
              </button>
              <button type="button" className="secondary" disabled={busy !== null} onClick={() => setEditing(true)}>
                Change…
              </button>
              {confirming ? (
                <span className="store-confirm">
                  Disconnect the store?
                  <button
                    ref={confirmButton}
                    type="button"
                    className="danger"
                    disabled={busy !== null}
                    onClick={disconnect}
                  >
                    {busy === "disconnect" ? "Disconnecting…" : "Disconnect"}
                  </button>
                  <button type="button" className="link-button" onClick={() => setConfirming(false)}>
                    Keep it
                  </button>
                </span>
              ) : (
                <button type="button" className="link-button" onClick={() => setConfirming(true)}>
                  Disconnect…
                </button>
              )}
            </div>
          )}
          {manage && editing && (
            <StoreConnectForm
              initialDomain={connection.domain}
              onConnected={connected}
              onCancel={() => setEditing(false)}
            />
          )}
          <StoreLocationsPanel role={role} />
          <StoreReviewPanel role={role} />
          <StoreDriftPanel role={role} />
          {manage && <FailedDeliveries />}
          <StoreSyncPanel role={role} />
          <OrderEmailsToggle userId={userId} />
        </>
      ) : (
        <>
          <p className="store-lead">
            {manage
              ? "Connect your Shopify store to publish items to it and to bring its orders and stock into this room."
              : "This room is not connected to a Shopify store yet."}
          </p>
          {/* The status (in docs/product.md §5's words) as a status, not as what the page leads with. */}
          <p className="store-status muted" data-testid="store-status">
            Status: <span className="pill">Service not configured</span>
          </p>
          {manage ? (
            <>
              <StoreSetupGuide />
              <StoreConnectForm initialDomain="" onConnected={connected} />
            </>
          ) : (
            <p className="muted small">An owner or admin of this room can connect its Shopify store.</p>
          )}
        </>
      )}
      <ActionOutcome notice={notice} error={error} />
    </section>
  );
}
