/**
 * This person's last scans in the stocktake, newest first, each with
 * "Take back": a mis-scan (the wrong label, a label counted twice) is
 * undone on its own, at once and offline too, instead of cancelling the
 * whole stocktake. Each is named from the items the stocktake counts against
 * (a big room's device copy names an item no window holds).
 */
import { useCallback } from "react";
import { COLLECTION, type ItemDoc, METHOD, type StocktakeScanDoc } from "../../protocol/api";
import { useLoginState } from "../accounts";
import { variantTitle } from "../catalogue/variant-names";
import { errorMessage } from "../components/ErrorText";
import { type LiveDoc, useFind } from "../live";
import { useCall } from "../live-api";

/** How many of one's own scans are listed. */
const SHOWN = 5;

const newestFirst = (a: StocktakeScanDoc, b: StocktakeScanDoc) => b.at.getTime() - a.at.getTime();

export function RecentScans({
  stocktakeId,
  items,
  onError,
}: {
  stocktakeId: string;
  items: readonly ItemDoc[];
  onError(text: string): void;
}) {
  const call = useCall();
  const { userId } = useLoginState();
  const isMine = useCallback(
    (doc: LiveDoc): doc is LiveDoc & StocktakeScanDoc => doc.stocktakeId === stocktakeId && doc.userId === userId,
    [stocktakeId, userId],
  );
  const mine = useFind(COLLECTION.STOCKTAKE_SCANS, isMine, newestFirst).slice(0, SHOWN);
  if (mine.length === 0) return null;
  // A variant counted is named as the review names it: "Tee — M".
  const titleOf = (scan: StocktakeScanDoc) => {
    const item = items.find((each) => each._id === scan.itemId);
    return item ? variantTitle(item, scan.variantId || item._id) : "An item";
  };
  return (
    <section aria-labelledby="recent-scans-heading" className="recent-scans">
      <h3 id="recent-scans-heading">Your last scans</h3>
      <ul data-testid="recent-scans">
        {mine.map((scan) => {
          const when = scan.at.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit", second: "2-digit" });
          return (
            <li key={scan._id}>
              <span>
                {titleOf(scan)} <span className="muted">· {when}</span>
              </span>
              <button
                type="button"
                className="ui-button ui-button-ghost ui-button-sm"
                aria-label={`Take back ${titleOf(scan)} (${when})`}
                onClick={() =>
                  call(METHOD.STOCKTAKE_UNSCAN, stocktakeId, scan._id).catch((error: unknown) =>
                    onError(errorMessage(error)),
                  )
                }
              >
                Take back
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
