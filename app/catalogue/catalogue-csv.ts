/**
 * The catalogue as a CSV file, in Stockroom's own format (the one its import
 * reads back): one row per item, its stock at each location in a column of
 * its own. Cells a spreadsheet would run as formulas are kept as text
 * (protocol/csv.ts).
 */
import { type ItemDoc, type LocationDoc, stockOfItem } from "../../protocol/api";
import { csvLine } from "../../protocol/csv";

export function catalogueCsv(items: readonly ItemDoc[], locations: readonly LocationDoc[]): string {
  const header = csvLine([
    "Title",
    "SKU",
    "Barcode",
    "Price",
    "Currency",
    "Quantity",
    "Reorder point",
    "Status",
    "Shelf",
    "Tags",
    "Description",
    ...locations.map((location) => `Stock: ${location.name}`),
  ]);
  const rows = items.map((item) => {
    const stock = stockOfItem(item);
    return csvLine([
      item.title,
      item.sku,
      item.barcode ?? "",
      (item.priceCents / 100).toFixed(2),
      item.currency,
      item.quantity,
      item.reorderPoint ?? "",
      item.status,
      item.location,
      item.tags.join(", "),
      item.description,
      ...locations.map((location) => stock[location._id] ?? 0),
    ]);
  });
  return header + rows.join("");
}

/** Hands `csv` to the browser as a download named `name`. */
export function downloadCsv(csv: string, name: string): void {
  const link = document.createElement("a");
  link.href = URL.createObjectURL(new Blob([csv], { type: "text/csv;charset=utf-8" }));
  link.download = name;
  link.click();
  URL.revokeObjectURL(link.href);
}
