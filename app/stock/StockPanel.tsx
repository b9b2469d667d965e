/**
 * An item's stock where it is kept (docs/architecture.md §9): units at each location,
 * the total, and — for whoever edits the catalogue — recording a change
 * with its reason, or moving units between locations. Both show at once
 * (the stock stubs) and wait for the line like any edit.
 */
import { useState } from "react";
import { type ItemDoc, stockOfItem } from "../../protocol/api";
import { Button } from "../ui/Button";
import { AdjustStockForm } from "./AdjustStockForm";
import { MoveStockForm } from "./MoveStockForm";
import { useLocations } from "./use-locations";
import "./stock.css";

type Open = "adjust" | "move" | null;

export function StockPanel({ item, canEdit }: { item: ItemDoc; canEdit: boolean }) {
  const { locations } = useLocations();
  const [open, setOpen] = useState<Open>(null);
  const stock = stockOfItem(item);
  // Every location in use, and an archived one only while it still shows stock.
  const shown = locations.filter((location) => !location.archived || stock[location._id]);
  const toggle = (next: Open) => setOpen((current) => (current === next ? null : next));
  return (
    <section className="card" aria-labelledby="stock-heading">
      <h2 id="stock-heading">Stock</h2>
      <table className="stock-table" data-testid="stock-by-location">
        <tbody>
          {shown.map((location) => (
            <tr key={location._id}>
              <th scope="row">{location.name}</th>
              <td className="number">{(stock[location._id] ?? 0).toLocaleString()}</td>
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
      {canEdit && (
        <>
          <div className="form-actions">
            <Button variant="secondary" aria-expanded={open === "adjust"} onClick={() => toggle("adjust")}>
              Record a change
            </Button>
            {locations.filter((location) => !location.archived).length > 1 && (
              <Button variant="secondary" aria-expanded={open === "move"} onClick={() => toggle("move")}>
                Move stock
              </Button>
            )}
          </div>
          {open === "adjust" && <AdjustStockForm item={item} locations={locations} onDone={() => setOpen(null)} />}
          {open === "move" && <MoveStockForm item={item} locations={locations} onDone={() => setOpen(null)} />}
        </>
      )}
    </section>
  );
}
