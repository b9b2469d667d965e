import { useEffect, useState } from "react";
import type { SharedItem } from "../../protocol/api";
import { formatPrice } from "../money";
import { useDocumentTitle } from "../ui/use-document-title";
import { SharedVariants, sharedPriceText } from "./SharedVariants";

/** The share page stands alone (no account, no live connection): the shop's name and logo, no menus. */
function ShareHeader({ shop }: { shop?: SharedItem["shop"] }) {
  return (
    <header className="app-header share-header">
      {shop ? (
        <span className="share-shop">
          {shop.logoUrl && <img className="share-shop-logo" src={shop.logoUrl} alt="" />}
          <span data-testid="shop-name">{shop.name}</span>
        </span>
      ) : (
        <span className="brand">Stockroom</span>
      )}
    </header>
  );
}

/** The share data; a server from before variants sends no `options` or `variants`. */
type Shared = Omit<SharedItem, "options" | "variants"> & Partial<Pick<SharedItem, "options" | "variants">>;

type Load = { state: "loading" } | { state: "found"; item: Shared } | { state: "error"; message: string };

/**
 * An item's public page: what a printed label's QR opens. Read-only, no
 * account needed; the link in the address is the only key. `path` is what
 * follows `/api/share/`: `s/<code>` for short links, `<room>/<item>/<sig>`
 * for signed ones printed before.
 */
export function SharePage({ path }: { path: readonly string[] }) {
  const [load, setLoad] = useState<Load>({ state: "loading" });
  const apiPath = path.map(encodeURIComponent).join("/");
  const found = load.state === "found" ? load.item : null;
  useDocumentTitle(found?.title ?? "Shared item", found?.shop.name);
  useEffect(() => {
    let cancelled = false;
    fetch(`/api/share/${apiPath}`)
      .then(async (response) => {
        const body = (await response.json().catch(() => ({}))) as Shared & { error?: string };
        if (cancelled) return;
        if (response.ok) setLoad({ state: "found", item: body });
        else setLoad({ state: "error", message: body.error ?? "This item could not be loaded." });
      })
      .catch(() => !cancelled && setLoad({ state: "error", message: "Check your connection and reload." }));
    return () => {
      cancelled = true;
    };
  }, [apiPath]);

  if (load.state === "loading") {
    return (
      <>
        <ShareHeader />
        <main className="page narrow share-page" aria-busy="true">
          <p className="muted">Loading…</p>
        </main>
      </>
    );
  }
  if (load.state === "error") {
    return (
      <>
        <ShareHeader />
        <main className="page narrow share-page empty-state">
          <h1>Item not available</h1>
          <p>{load.message}</p>
        </main>
      </>
    );
  }
  const { item } = load;
  const [main, ...rest] = item.photos;
  return (
    <>
      <ShareHeader shop={item.shop} />
      <main className="page narrow share-page">
        <article>
          {main && <img className="share-photo" src={main.url} alt={item.title} />}
          <h1 data-testid="shared-title">{item.title}</h1>
          <p className="share-price">
            {item.sold ? (
              <>
                <span className="share-sold" data-testid="share-sold">
                  Sold
                </span>{" "}
                <s>{formatPrice(item.priceCents, item.currency)}</s>
              </>
            ) : (
              sharedPriceText(item.priceCents, item.currency, item.variants)
            )}
          </p>
          {item.sold && <p className="muted">This item has been sold.</p>}
          <SharedVariants options={item.options} variants={item.variants} currency={item.currency} />
          {item.description && <p className="share-description">{item.description}</p>}
          {rest.length > 0 && (
            <ul className="share-thumbs" aria-label="More photos">
              {rest.map((photo, index) => (
                <li key={photo.url}>
                  <a href={photo.url} target="_blank" rel="noreferrer">
                    <img
                      src={photo.thumbnailUrl ?? photo.url}
                      alt={`${item.title} (${index + 2} of ${item.photos.length})`}
                    />
                  </a>
                </li>
              ))}
            </ul>
          )}
        </article>
        <p className="muted small">Shared from Stockroom</p>
      </main>
    </>
  );
}
