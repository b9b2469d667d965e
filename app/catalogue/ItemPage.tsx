import { lazy, Suspense, useCallback, useEffect, useState } from "react";
import { Link, useSearchParams } from "wouter";
import { COLLECTION, can, type ItemDoc, METHOD, PUBLICATION } from "../../protocol/api";
import { useLoginState } from "../accounts";
import { errorMessage } from "../components/ErrorText";
import { type LiveDoc, useFind } from "../live";
import { useCall, useSubscribeIf } from "../live-api";
import { useNameOf } from "../people/use-name-of";
import { Ledger } from "../stock/Ledger";
import { StockPanel } from "../stock/StockPanel";
import { ItemStoreSection } from "../store/ItemStoreSection";
import { useMyRole } from "../team/use-my-role";
import { catalogueHref } from "./catalogue-memory";
import { ItemForm } from "./ItemForm";
import { ItemHistory } from "./ItemHistory";
import { PhotoGallery } from "./PhotoGallery";
import { RelativeTime } from "./RelativeTime";
import { useRoomSize } from "./room-size";
import { VariantsSection } from "./VariantsSection";
import { variantTitle } from "./variant-names";
import { priceText } from "./variant-price";

/** The QR renderer downloads only when an item page is open. */
const ItemLabel = lazy(() => import("./ItemLabel"));

/** One item: its photos (reorderable), every field, its label and share link, its place in the online store, and its history. */
export function ItemPage({
  roomId,
  itemId,
  canEdit,
  loading,
}: {
  roomId: string;
  itemId: string;
  canEdit: boolean;
  loading: boolean;
}) {
  const isThisItem = useCallback(
    (doc: LiveDoc): doc is LiveDoc & ItemDoc => doc._id === itemId && typeof doc.title === "string",
    [itemId],
  );
  // In a big room the item may be in no window this browser holds: it comes on its own.
  const big = useRoomSize() === "big";
  const itemLoading = useSubscribeIf(big, PUBLICATION.ITEM, itemId);
  const [item] = useFind(COLLECTION.ITEMS, isThisItem);
  const nameOf = useNameOf();
  const role = useMyRole();
  const { userId } = useLoginState();
  // Opened from a search or scan that named one variant (catalogue-rows.ts): its forms start there.
  const [search] = useSearchParams();
  const openedAt = search.get("variant") ?? undefined;
  const back = (
    <Link href={catalogueHref(roomId)} className="back-link">
      ← Catalogue
    </Link>
  );

  if (!item) {
    return (
      <div className="item-page">
        {back}
        {loading || (big && itemLoading) ? (
          <p className="muted">Loading item…</p>
        ) : (
          <div className="empty-state">
            <h2>This item no longer exists</h2>
            <p>Someone may have removed it.</p>
          </div>
        )}
      </div>
    );
  }
  const creator = item.createdBy ? nameOf(item.createdBy) : null;
  return (
    <div className="item-page">
      {back}
      <header className="item-page-head">
        <h2 data-testid="item-page-title">{item.title}</h2>
        <span className={`status-pill status-${item.status}`}>{item.status}</span>
        <span className="muted">{priceText(item)}</span>
        <span className="muted small">
          Added {creator ? `by ${creator} ` : ""}
          <RelativeTime date={item.createdAt} />
        </span>
      </header>
      <div className="item-page-grid">
        <section className="card" aria-labelledby="photos-heading">
          <h2 id="photos-heading">Photos</h2>
          <PhotoGallery roomId={roomId} item={item} canEdit={canEdit} />
        </section>
        <section className="card" aria-labelledby="details-heading">
          <h2 id="details-heading">Details</h2>
          <ItemForm key={item._id} roomId={roomId} item={item} canEdit={canEdit} />
        </section>
        <VariantsSection item={item} canEdit={canEdit} />
        <StockPanel roomId={roomId} item={item} canEdit={canEdit} openedAt={openedAt} />
        <ShareSection item={item} />
        <ItemStoreSection roomId={roomId} item={item} />
        <Ledger
          itemId={item._id}
          itemTitle={(_, variantId) => variantTitle(item, variantId)}
          variants={item.variants}
          currency={item.currency}
          canEdit={canEdit}
          undoOwnOf={!canEdit && can.sell(role) ? userId : null}
        />
        <ItemHistory item={item} />
      </div>
    </div>
  );
}

function ShareSection({ item }: { item: ItemDoc }) {
  const call = useCall();
  const [link, setLink] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    let cancelled = false;
    call(METHOD.ITEMS_PUBLIC_LINKS, [item._id])
      .then((links) => !cancelled && setLink((links as Record<string, string>)[item._id] ?? null))
      .catch((caught) => !cancelled && setError(errorMessage(caught)));
    return () => {
      cancelled = true;
    };
  }, [call, item._id]);

  async function copy() {
    if (!link) return;
    await navigator.clipboard?.writeText(link).catch(() => {});
    setCopied(true);
  }

  return (
    <section className="card" aria-labelledby="label-heading">
      <h2 id="label-heading">Label and share link</h2>
      {error ? (
        <p className="error" role="alert">
          {error}
        </p>
      ) : link === null ? (
        <div className="qr-placeholder" aria-busy="true">
          <p className="muted">Preparing the label…</p>
        </div>
      ) : link === "" ? (
        <p className="muted" data-testid="no-share-link">
          This item has no share page yet, so no label to print: its link publishes it, which only those who edit the
          catalogue may do.
        </p>
      ) : (
        <>
          <Suspense fallback={<div className="qr-placeholder" aria-busy="true" />}>
            <ItemLabel item={item} link={link} />
          </Suspense>
          <p className="muted small">
            Anyone with this link sees the item's title, price, description and photos — not its location or history.
          </p>
          <div className="form-actions">
            <a href={link} target="_blank" rel="noreferrer" data-testid="share-link">
              Open share page
            </a>
            <button type="button" className="secondary" onClick={copy}>
              {copied ? "Copied" : "Copy link"}
            </button>
          </div>
        </>
      )}
    </section>
  );
}
