/**
 * The room's stocktakes that have ended, newest first
 * (docs/stock.md "A count is a count at a moment and a place"): when, who
 * started and ended each, who counted how much, and — for an applied one —
 * each quantity it set. Live: a stocktake ended on another phone appears.
 */
import { COLLECTION, type PastStocktakeDoc } from "../../protocol/api";
import { type LiveDoc, useFind } from "../live";
import { useNameOf } from "../people/use-name-of";

export const isPastStocktake = (doc: LiveDoc): doc is LiveDoc & PastStocktakeDoc => Array.isArray(doc.people);
const newestFirst = (a: PastStocktakeDoc, b: PastStocktakeDoc) => b.endedAt.getTime() - a.endedAt.getTime();
const plural = (count: number, one: string, many: string) => `${count.toLocaleString()} ${count === 1 ? one : many}`;

/** The past stocktakes the stocktake page subscribes to (shared with LateCounts.tsx). */
export function PastStocktakes() {
  const past = useFind(COLLECTION.PAST_STOCKTAKES, isPastStocktake, newestFirst);
  const nameOf = useNameOf();
  if (past.length === 0) return null;
  return (
    <section className="card past-stocktakes" aria-labelledby="past-stocktakes-heading">
      <h2 id="past-stocktakes-heading">Past stocktakes</h2>
      <ul data-testid="past-stocktakes">
        {past.map((stocktake) => (
          <li key={stocktake._id}>
            <p>
              <strong>{stocktake.endedAt.toLocaleDateString()}</strong>{" "}
              {stocktake.status === "applied"
                ? `· ${plural(stocktake.changes.length, "quantity", "quantities")} set by ${nameOf(stocktake.endedBy)}`
                : `· discarded by ${nameOf(stocktake.endedBy)}, nothing changed`}
            </p>
            <p className="muted small">
              Started {stocktake.startedAt.toLocaleString()} by {nameOf(stocktake.startedBy)} ·{" "}
              {plural(stocktake.itemsCounted, "item", "items")} counted
              {stocktake.people.length > 0 &&
                ` by ${stocktake.people.map((person) => `${nameOf(person.userId)} (${person.scans.toLocaleString()})`).join(", ")}`}
            </p>
            {stocktake.changes.length > 0 && (
              <details>
                <summary>What it changed</summary>
                <ul>
                  {stocktake.changes.map((change) => (
                    <li key={change.itemId}>
                      {change.title}: {change.from.toLocaleString()} → {change.to.toLocaleString()}
                    </li>
                  ))}
                </ul>
              </details>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
