/**
 * The label sheet for the selected items (a lazy chunk with the QR
 * renderer). Each label encodes the item's public link, which only the
 * server can sign, so the links are fetched first. One label per item, or
 * one per unit in stock (a quantity of 6 gives 6 labels), for labelling
 * every piece; a product with options gets one per variant, with the
 * variant's name and barcode (label-sets.ts, docs/architecture.md §9).
 */
import { useEffect, useMemo, useState } from "react";
import { hasVariants, type ItemDoc, LIMITS, METHOD } from "../../protocol/api";
import { errorMessage } from "../components/ErrorText";
import { useRoomLogoUrl } from "../files/room-logo";
import { useCall } from "../live-api";
import LabelSheet from "../qr/LabelSheet";
import { itemLabels, labelsPerUnit, variantLabels } from "./label-sets";

/** Letter for the Americas' usual paper, A4 everywhere else. */
function defaultPaper(): "a4" | "letter" {
  return /^en-(US|CA)|^es-(MX|US)|^fr-CA/.test(navigator.language) ? "letter" : "a4";
}

/** More labels than this on one sheet would make the page slow to draw and print. */
const MAX_LABELS = 1_000;

export default function LabelsPanel({ items, onClose }: { items: readonly ItemDoc[]; onClose(): void }) {
  const call = useCall();
  const [links, setLinks] = useState<Record<string, string> | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [perUnit, setPerUnit] = useState(false);
  const someVariants = items.some(hasVariants);
  // Variants are what is on the shelf: their labels are the ones offered first.
  const [perVariant, setPerVariant] = useState(true);
  const logo = useRoomLogoUrl();
  const counted = useMemo(
    () => (links ? (someVariants && perVariant ? variantLabels : itemLabels)(items, links) : null),
    [links, items, someVariants, perVariant],
  );
  const labels = useMemo(() => counted?.map(({ label }) => label) ?? null, [counted]);
  const perUnitLabels = useMemo(
    () => (perUnit && counted ? labelsPerUnit(counted, MAX_LABELS) : null),
    [perUnit, counted],
  );
  // An item the server no longer has gets no link at all; one never shared, asked for by someone who may not
  // publish it, gets "" (worker/inventory/items-feature.ts).
  const gone = useMemo(
    () => (links ? items.filter((item) => links[item._id] === undefined).length : 0),
    [links, items],
  );
  const unshared = useMemo(() => (links ? items.filter((item) => links[item._id] === "").length : 0), [links, items]);

  useEffect(() => {
    let cancelled = false;
    setLinks(null);
    setError(null);
    (async () => {
      const found: Record<string, string> = {};
      for (let start = 0; start < items.length; start += LIMITS.BULK) {
        const part = items.slice(start, start + LIMITS.BULK).map((item) => item._id);
        Object.assign(found, await call(METHOD.ITEMS_PUBLIC_LINKS, part));
      }
      if (!cancelled) setLinks(found);
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
          {gone > 0 && (
            <p className="muted" role="status">
              {gone} of the selected items no longer exist and have no label.
            </p>
          )}
          {unshared > 0 && (
            <p className="muted" role="status" data-testid="labels-unshared">
              {unshared === 1 ? "1 of the selected items has" : `${unshared} of the selected items have`} no share page
              yet, so no label: a label's link publishes the item, which only those who edit the catalogue may do.
            </p>
          )}
          {someVariants && (
            <label className="checkbox-label">
              <input type="checkbox" checked={perVariant} onChange={(event) => setPerVariant(event.target.checked)} />
              One label per variant (its name, price and barcode) for products with options
            </label>
          )}
          {someVariants && !perVariant && (
            <p className="muted small" role="note">
              A product's own label opens its page; to count, receive or sell by scanning, print its variants' labels.
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
