/**
 * An item's stock where it is kept (docs/architecture.md §9): units at each location,
 * the total, and — for whoever edits the catalogue — recording a change
 * with its reason, or moving units between locations. Both show at once
 * (the stock stubs) and wait for the line like any edit. A product with
 * options also shows each variant's stock by location, and its forms ask
 * which variant (VariantSelect.tsx).
 */
import { useState } from "react";
import { can, hasVariants, type ItemDoc, lowLocations, reasonsFor, stockOfItem } from "../../protocol/api";
import { useMyRole } from "../team/use-my-role";
import { Button } from "../ui/Button";
import { AdjustStockForm } from "./AdjustStockForm";
import { LocationReorderForm } from "./LocationReorderForm";
import { LowBadge } from "./LowBadge";
import { MoveStockForm } from "./MoveStockForm";
import { useChosenPlace } from "./use-chosen-place";
import { useLocations } from "./use-locations";
import { VariantStock } from "./VariantStock";
import "./stock.css";

type Open = "adjust" | "sale" | "move" | "reorder" | null;

export function StockPanel({
  roomId,
  item,
  canEdit,
  openedAt,
}: {
  roomId: string;
  item: ItemDoc;
  canEdit: boolean;
  /** The variant the page was opened at (a searched or scanned code named it): the forms start on it. */
  openedAt?: string;
}) {
  const { locations } = useLocations();
  // A phone that sells at the stall, or takes deliveries somewhere, records here at that place too.
  const stallPlace = useChosenPlace(roomId, "stall").kept;
  const receivingPlace = useChosenPlace(roomId, "receiving").kept;
  // A cashier (the till) records sales, returns and deliveries; a counter (a helper) deliveries only.
  const role = useMyRole();
  const reasons = reasonsFor(role);
  const receiveOnly = reasons.length === 1;
  const sells = can.sell(role);
  const [open, setOpen] = useState<Open>(null);
  const stock = stockOfItem(item);
  // Every location in use, and an archived one only while it still shows stock.
  const shown = locations.filter((location) => !location.archived || stock[location._id]);
  const toggle = (next: Open) => setOpen((current) => (current === next ? null : next));
  // A simple item's own points per location (a product's are its variants', in VariantStock).
  const points = hasVariants(item) ? {} : (item.locationReorderPoints ?? {});
  const low = new Set(lowLocations(stock, points));
  return (
    <section className="card" aria-labelledby="stock-heading">
      <h2 id="stock-heading">Stock</h2>
      <table className="stock-table" data-testid="stock-by-location">
        <tbody>
          {shown.map((location) => (
            <tr key={location._id}>
              <th scope="row">{location.name}</th>
              <td className="number">
                {(stock[location._id] ?? 0).toLocaleString()}
                {points[location._id] !== undefined && (
                  <span className="muted"> · reorder at {points[location._id]?.toLocaleString()}</span>
                )}
                {low.has(location._id) && <LowBadge />}
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Total</th>
            <td className="number" data-testid="stock-total">
              {item.quantity.toLocaleString()}
            </td>
          </tr>
        </tfoot>
      </table>
      {hasVariants(item) && <VariantStock item={item} locations={shown} />}
      {reasons.length > 0 && (
        <>
          <div className="form-actions">
            <Button variant="secondary" aria-expanded={open === "adjust"} onClick={() => toggle("adjust")}>
              {receiveOnly ? "Record stock received" : "Record a change"}
            </Button>
            {sells && (
              <Button variant="secondary" aria-expanded={open === "sale"} onClick={() => toggle("sale")}>
                Record a sale
              </Button>
            )}
            {canEdit && locations.filter((location) => !location.archived).length > 1 && (
              <Button variant="secondary" aria-expanded={open === "move"} onClick={() => toggle("move")}>
                Move stock
              </Button>
            )}
            {canEdit && (
              <Button variant="secondary" aria-expanded={open === "reorder"} onClick={() => toggle("reorder")}>
                Reorder points by location
              </Button>
            )}
          </div>
          {open === "adjust" && (
            <AdjustStockForm
              item={item}
              locations={locations}
              reasons={reasons}
              costs={canEdit}
              openedAt={openedAt}
              place={receivingPlace}
              onDone={() => setOpen(null)}
            />
          )}
          {open === "sale" && (
            <AdjustStockForm
              item={item}
              locations={locations}
              reasons={reasons}
              initialReason="sold"
              openedAt={openedAt}
              place={stallPlace}
              onDone={() => setOpen(null)}
            />
          )}
          {open === "move" && (
            <MoveStockForm item={item} locations={locations} openedAt={openedAt} onDone={() => setOpen(null)} />
          )}
          {open === "reorder" && (
            <LocationReorderForm item={item} locations={locations} openedAt={openedAt} onDone={() => setOpen(null)} />
          )}
        </>
      )}
    </section>
  );
}
