/**
 * The label sheet for the selected items (a lazy chunk with the QR
 * renderer). Each label encodes the item's public link, which only the
 * server can sign, so the links are fetched first. One label per item, or
 * one per unit in stock (a quantity of 6 gives 6 labels), for labelling
 * every piece.
 */
import { useEffect, useMemo, useState } from "react";
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

/** More labels than this on one sheet would make the page slow to draw and print. */
const MAX_LABELS = 1_000;

/**
 * Each item's label repeated once per unit in stock (none for an item with
 * none); built only up to one past the sheet's limit, which is enough to say
 * the sheet was cut.
 */
function labelsPerUnit(labels: readonly SheetLabel[], items: readonly ItemDoc[]): SheetLabel[] {
  const quantities = new Map(items.map((item) => [item._id, item.quantity]));
  const sheet: SheetLabel[] = [];
  for (const label of labels) {
    const units = quantities.get(label.id) ?? 1;
    for (let unit = 1; unit <= units && sheet.length <= MAX_LABELS; unit++)
      sheet.push({ ...label, id: `${label.id}:${unit}` });
  }
  return sheet;
}

export default function LabelsPanel({ items, onClose }: { items: readonly ItemDoc[]; onClose(): void }) {
  const call = useCall();
  const [labels, setLabels] = useState<SheetLabel[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [perUnit, setPerUnit] = useState(false);
  const logo = useRoomLogoUrl();
  const perUnitLabels = useMemo(
    () => (perUnit && labels ? labelsPerUnit(labels, items) : null),
    [perUnit, labels, items],
  );

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
            barcode: item.barcode ?? "",
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
          <label className="checkbox-label">
            <input type="checkbox" checked={perUnit} onChange={(event) => setPerUnit(event.target.checked)} />
            One label per unit in stock (an item with quantity 6 gets 6 labels)
          </label>
          {perUnitLabels && perUnitLabels.length > MAX_LABELS && (
            <p className="muted" role="status">
              That is more than {MAX_LABELS.toLocaleString()} labels: the first {MAX_LABELS.toLocaleString()} are shown.
              Select fewer items to print the rest.
            </p>
          )}
          <LabelSheet
            labels={perUnitLabels ? perUnitLabels.slice(0, MAX_LABELS) : labels}
            paper={defaultPaper()}
            style={logo ? { logo: { src: logo } } : undefined}
          />
        </>
      ) : (
        <p className="muted">Preparing labels…</p>
      )}
    </div>
  );
}
