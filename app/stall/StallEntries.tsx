/** The stall screen's sales and receipts (use-stall-records.ts): a tally, then each, newest first. */
import { formatPrice } from "../money";
import type { StallRecord } from "./use-stall-records";

const STATE_WORDS = { waiting: "not saved yet", saved: "saved", refused: "not recorded" } as const;

export function StallEntries({ records }: { records: readonly StallRecord[] }) {
  if (records.length === 0) return null;
  const kept = records.filter((each) => each.state !== "refused");
  const sold = kept.filter((each) => each.action === "sold");
  const received = kept.filter((each) => each.action === "received").length;
  const takings = new Map<string, number>();
  for (const sale of sold) takings.set(sale.currency, (takings.get(sale.currency) ?? 0) + (sale.priceCents ?? 0));
  return (
    <section className="card" aria-labelledby="stall-records-heading">
      <h2 id="stall-records-heading">On this screen</h2>
      <p data-testid="stall-tally">
        Sold {sold.length.toLocaleString()}
        {sold.length > 0 && ` (${[...takings].map(([currency, cents]) => formatPrice(cents, currency)).join(" · ")})`} ·
        Received {received.toLocaleString()}
      </p>
      <ol className="stall-records" data-testid="stall-records">
        {records.map((each) => (
          <li key={each.id} className={each.state === "refused" ? "error" : undefined}>
            <span>
              {each.action === "sold" ? "Sold" : "Received"} · {each.title} at {each.where}
              {each.priceCents !== null ? ` · ${formatPrice(each.priceCents, each.currency)}` : ""}
            </span>
            <span className="muted small">
              {each.at.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit", second: "2-digit" })} ·{" "}
              {each.state === "refused" ? `${STATE_WORDS.refused}: ${each.reason}` : STATE_WORDS[each.state]}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
