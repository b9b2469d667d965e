import { useId } from "react";
import { COLLECTION, can, METHOD, type RoomRole, type StoreReviewDoc, type StoreReviewLine } from "../../protocol/api";
import type { ReviewChoice } from "../../protocol/store-args";
import { type LiveDoc, useFind } from "../live";
import { useCall } from "../live-api";
import { ActionOutcome } from "./ActionOutcome";
import { useStoreAction } from "./use-store-action";

const isReview = (doc: LiveDoc): doc is LiveDoc & StoreReviewDoc => doc._id === "review";

const why = (line: StoreReviewLine) =>
  line.reason === "sku"
    ? `its SKU ${line.sku} is on “${line.candidateTitle}” here, which is linked to another store product`
    : `its title is like “${line.candidateTitle}” here`;

/**
 * Store products held for review when the store's catalogue came in
 * (docs/product.md §5, "Bringing the store in"): matched here by nothing
 * surer than a title, or with a SKU an item linked elsewhere has. Those who
 * use the store decide for each — link it to the item it looks like,
 * import it as new, or ignore it; others see the list.
 */
export function StoreReviewPanel({ role }: { role: RoomRole | null }) {
  const [review] = useFind(COLLECTION.STORE, isReview);
  const call = useCall();
  const headingId = useId();
  const { busy, notice, error, run } = useStoreAction();
  const decide = can.useStore(role);
  // Shown once anything was held; and until the last choice's outcome is read.
  if (!review || (review.total === 0 && review.ignored === 0 && notice === null && error === null)) return null;

  const choose = (line: StoreReviewLine, choice: ReviewChoice, done: string) =>
    run(line.productId, async () => {
      await call(METHOD.STORE_REVIEW_PRODUCT, line.productId, choice);
      return done;
    });

  return (
    <section className="store-review" aria-labelledby={headingId} data-testid="store-review">
      <h3 id={headingId}>Store products to review</h3>
      <p className="muted small">
        {review.total === 0
          ? "Nothing waits for you."
          : `${review.total === 1 ? "1 store product" : `${review.total.toLocaleString()} store products`} came in that might be items you have: choose for each, so nothing is made twice.`}
        {review.ignored > 0 && ` ${review.ignored.toLocaleString()} ignored.`}
      </p>
      {review.open.length > 0 && (
        <ul className="store-review-list">
          {review.open.map((line) => (
            <li key={line.productId} data-testid="store-review-line">
              <strong>{line.title}</strong>
              {line.sku && <span className="mono"> {line.sku}</span>}: {why(line)}.
              {decide && (
                <span className="form-actions">
                  {line.reason === "title" && (
                    <button
                      type="button"
                      className="secondary"
                      aria-disabled={busy !== null}
                      onClick={() =>
                        choose(
                          line,
                          { choice: "link", itemId: line.candidateItemId },
                          `${line.title} is linked to “${line.candidateTitle}”.`,
                        )
                      }
                    >
                      Link to “{line.candidateTitle}”
                    </button>
                  )}
                  <button
                    type="button"
                    className="secondary"
                    aria-disabled={busy !== null}
                    aria-label={`Import ${line.title} as new`}
                    onClick={() => choose(line, { choice: "new" }, `${line.title} is a new item.`)}
                  >
                    Import as new
                  </button>
                  <button
                    type="button"
                    className="secondary"
                    aria-disabled={busy !== null}
                    aria-label={`Ignore ${line.title}`}
                    onClick={() => choose(line, { choice: "ignore" }, `${line.title} is ignored.`)}
                  >
                    Ignore
                  </button>
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
      <ActionOutcome notice={notice} error={error} />
    </section>
  );
}
