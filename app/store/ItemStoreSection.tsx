import { type ReactNode, useId, useRef, useState } from "react";
import { Link } from "wouter";
import { can, type ItemDoc, METHOD } from "../../protocol/api";
import { useCall } from "../live-api";
import { useMyRole } from "../team/use-my-role";
import type { PublishAction } from "./PublishProgress";
import { useStoreState } from "./store-state";
import "./store.css";
import { ActionOutcome } from "./ActionOutcome";
import { ItemStoreCounts } from "./ItemStoreCounts";
import { ItemStoreSync } from "./ItemStoreSync";

/** The Shopify admin page of a product, when its id is the usual `gid://shopify/Product/123`. */
function adminLink(domain: string, storeProductId: string): string | null {
  const id = /\/Product\/(\d+)$/.exec(storeProductId)?.[1];
  return domain && id ? `https://${domain}/admin/products/${id}` : null;
}

/**
 * The item on the room's online store: whether it is there, and for those
 * who may use the store (owners, admins, members) publish, update and
 * unpublish. Without a connected store it says where to connect one.
 */
export function ItemStoreSection({ roomId, item }: { roomId: string; item: ItemDoc }) {
  const role = useMyRole();
  const { loading, connected, connection } = useStoreState();
  const call = useCall();
  const [busy, setBusy] = useState<PublishAction | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const primary = useRef<HTMLButtonElement>(null);
  const headingId = useId();
  const allowed = can.useStore(role);
  const published = Boolean(item.storeProductId);
  const listed = published && item.status === "listed";
  const admin = allowed && connected && connection ? adminLink(connection.domain, item.storeProductId) : null;

  async function send(action: PublishAction) {
    if (busy) return;
    setBusy(action);
    setNotice(null);
    setError(null);
    try {
      await call(action === "publish" ? METHOD.STORE_PUBLISH : METHOD.STORE_UNPUBLISH, item._id);
      setNotice(
        action === "unpublish"
          ? "Archived in the store."
          : listed
            ? "Updated in the store."
            : "Published to the store.",
      );
      // "Unpublish" goes once the item is archived: keep keyboard focus in the section.
      if (action === "unpublish") primary.current?.focus();
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(null);
    }
  }

  let controls: ReactNode = null;
  if (loading) {
    controls = <p className="muted small">Checking the store connection…</p>;
  } else if (!connected) {
    controls = (
      <p className="muted small" data-testid="item-store-hint">
        {can.manageStore(role) ? (
          <>
            Connect a store in the <Link href={`/rooms/${roomId}`}>Online store panel</Link> to publish.
          </>
        ) : allowed ? (
          "No store is connected yet: an owner or admin of this room can connect one in the Online store panel."
        ) : (
          "No store is connected to this room."
        )}
      </p>
    );
  } else if (!allowed) {
    controls = <p className="muted small">Owners, admins and members publish items to the store.</p>;
  } else {
    controls = (
      <div className="form-actions">
        <button ref={primary} type="button" aria-disabled={busy !== null} onClick={() => send("publish")}>
          {busy === "publish"
            ? listed
              ? "Updating…"
              : "Publishing…"
            : listed
              ? "Update in store"
              : published
                ? "Publish again"
                : "Publish to store"}
        </button>
        {listed && (
          <button type="button" className="secondary" aria-disabled={busy !== null} onClick={() => send("unpublish")}>
            {busy === "unpublish" ? "Unpublishing…" : "Unpublish"}
          </button>
        )}
      </div>
    );
  }

  return (
    <section className="card item-store" aria-labelledby={headingId} data-testid="item-store">
      <h2 id={headingId}>Online store</h2>
      <p className="item-store-state" data-testid="item-store-state">
        {!published ? (
          <span className="muted">Not in the store.</span>
        ) : listed ? (
          <span className="pill ok">In the store</span>
        ) : (
          <span className="pill">Archived in the store</span>
        )}
        {admin && (
          <>
            {" "}
            <a href={admin} target="_blank" rel="noreferrer" className="small">
              View in Shopify admin
            </a>
          </>
        )}
      </p>
      {published && connected && <ItemStoreSync itemId={item._id} role={role} />}
      {published && connected && <ItemStoreCounts itemId={item._id} />}
      {controls}
      <ActionOutcome notice={notice} error={error} />
    </section>
  );
}
