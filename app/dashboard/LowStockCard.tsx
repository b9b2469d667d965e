/**
 * Items at or below their reorder point, live (docs/architecture.md §9): how many, and the
 * furthest below it, each a link to its page. A product with options is
 * low when a variant is: its low variants are listed by name ("Tee — S",
 * LowStockLines.tsx). Says how to start when no item has a reorder point yet.
 */
import { useLocation } from "wouter";
import { type DashboardDoc, METHOD } from "../../protocol/api";
import { useLoginState } from "../accounts";
import { MemberEmailToggle } from "../people/MemberEmailToggle";
import "../store/order-emails.css";
import { LowStockLines } from "./LowStockLines";

export function LowStockCard({ lowStock }: { lowStock: DashboardDoc["lowStock"] }) {
  const [location] = useLocation();
  const { userId } = useLoginState();
  const room = location.replace(/\/dashboard\/?$/, "");
  const count = lowStock?.count ?? 0;
  return (
    <div className="card" data-testid="low-stock-card">
      <h2>Low on stock{count > 0 ? ` (${count.toLocaleString()})` : ""}</h2>
      {count === 0 ? (
        <p className="muted">
          Nothing is low. Give an item a reorder point on its page to see it here when it runs low.
        </p>
      ) : (
        <ol className="top-list">
          {(lowStock?.items ?? []).map((item) => (
            <LowStockLines key={item.itemId} line={item} room={room} />
          ))}
        </ol>
      )}
      <MemberEmailToggle
        userId={userId}
        field="lowStockEmails"
        save={(call, on) => call(METHOD.MEMBERS_SET_LOW_STOCK_EMAILS, on, timeZone)}
        label="E-mail me what is low, once a day"
        hint={(me) =>
          `Sent to ${me.email || "your e-mail address"} at 07:00 your time (${timeZone}) when anything is at or below its reorder point.`
        }
      />
    </div>
  );
}

/** The daily list goes at 07:00 in this browser's time zone, sent along when the box is ticked (worker/inventory/low-stock-digest.ts). */
const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
