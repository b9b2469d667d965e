/**
 * The label sheet for the selected items (a lazy chunk with the QR
 * renderer). Each label encodes the item's public link, which only the
 * server can sign, so the links are fetched first.
 */
import { useEffect, useState } from "react";
import { type ItemDoc, LIMITS, METHOD } from "../../protocol/api";
import { errorMessage } from "../components/ErrorText";
import { useRoomLogoUrl } from "../files/room-logo";
import { useCall } from "../live";
import { formatPrice } from "../money";
import LabelSheet, { type SheetLabel } from "../qr/LabelSheet";

/** Letter for the Americas' usual paper, A4 everywhere else. */
function defaultPaper(): "a4" | "letter" {
  return /^en-(US|CA)|^es-(MX|US)|^fr-CA/.test(navigator.language) ? "letter" : "a4";
}

export default function LabelsPanel({ items, onClose }: { items: readonly ItemDoc[]; onClose(): void }) {
  const call = useCall();
  const [labels, setLabels] = useState<SheetLabel[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const logo = useRoomLogoUrl();

  useEffect(() => {
    let cancelled = false;
    setLabels(null);
    setError(null);
    (async () => {
      const links: Record<string, string> = {};
      for (let start = 0; start < items.length; start += LIMITS.BULK) {
        const part = items.slice(start, start + LIMITS.BULK).map((item) => item._id);
        Object.assign(links, await call(METHOD.ITEMS_PUBLIC_LINKS, part));
      }
      if (cancelled) return;
      setLabels(
        items
          .filter((item) => links[item._id])
          .map((item) => ({
            id: item._id,
            title: item.title,
            priceText: formatPrice(item.priceCents, item.currency),
            sku: item.sku,
            link: links[item._id] as string,
          })),
      );
    })().catch((caught) => !cancelled && setError(errorMessage(caught)));
    return () => {
      cancelled = true;
    };
  }, [items, call]);

  return (
    <div className="labels-panel card" data-testid="labels-panel">
      <div className="labels-panel-head">
        <h3>
          Labels <span className="muted">({items.length})</span>
        </h3>
        <button type="button" className="secondary" onClick={onClose}>
          Close labels
        </button>
      </div>
      {error ? (
        <p className="error" role="alert">
          {error}
        </p>
      ) : labels ? (
        <>
          {labels.length < items.length && (
            <p className="muted" role="status">
              {items.length - labels.length} of the selected items no longer exist and have no label.
            </p>
          )}
          <LabelSheet labels={labels} paper={defaultPaper()} style={logo ? { logo: { src: logo } } : undefined} />
        </>
      ) : (
        <p className="muted">Preparing labels…</p>
      )}
    </div>
  );
}
