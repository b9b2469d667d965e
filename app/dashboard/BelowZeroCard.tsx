/**
 * What needs a count (docs/stock.md): a sale is never refused for want of
 * stock, so a variant can hold less than nothing at a location — two people
 * sold the last one, one of them offline. Each is listed with where and how
 * far below, linked to its item, until a count or a delivery sets it right.
 * Shown only when there is something to say.
 */
import { Link, useLocation } from "wouter";
import type { DashboardDoc } from "../../protocol/api";
import { locationName, useLocations } from "../stock/use-locations";

export function BelowZeroCard({ belowZero }: { belowZero: DashboardDoc["belowZero"] }) {
  const [path] = useLocation();
  const { locations } = useLocations();
  const count = belowZero?.count ?? 0;
  if (count === 0) return null;
  const room = path.replace(/\/dashboard\/?$/, "");
  return (
    <div className="card needs-attention" data-testid="below-zero-card">
      <h2>Needs a count ({count.toLocaleString()})</h2>
      <p className="muted">
        More was sold than the room had recorded here (a sale is always kept). Count these to set them right.
      </p>
      <ol className="top-list">
        {(belowZero?.items ?? []).map((line) => (
          <li key={`${line.variantId}@${line.locationId}`}>
            <Link href={`${room}/items/${line.itemId}`}>{line.title}</Link>
            <span className="muted">at {locationName(locations, line.locationId)}</span>
            <strong>{line.units.toLocaleString()}</strong>
          </li>
        ))}
      </ol>
    </div>
  );
}
