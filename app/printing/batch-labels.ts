/**
 * The labels of a batch the print station took (docs/printing.md), as the
 * label sheet draws them: each variant's label once per copy, its name after
 * the product's, its price in its currency, and a QR of its link — a
 * variant's naming the variant (protocol/label-key.ts), so every label
 * counts, receives and sells the variant printed on it. An item with no link
 * (removed since it was queued) prints nothing. Pure.
 */
import { variantLink } from "../../protocol/label-key";
import type { LabelToPrint } from "../../protocol/print-args";
import { formatPrice } from "../money";
import type { SheetLabel } from "../qr/LabelSheet";

export function batchLabels(labels: readonly LabelToPrint[], links: Readonly<Record<string, string>>): SheetLabel[] {
  const sheet: SheetLabel[] = [];
  for (const label of labels) {
    const link = links[label.itemId];
    if (!link) continue;
    const named = label.variantName !== "";
    const printed: Omit<SheetLabel, "id"> = {
      title: named ? `${label.title} — ${label.variantName}` : label.title,
      priceText: formatPrice(label.priceCents, label.currency),
      sku: label.sku,
      barcode: label.barcode,
      link: named ? variantLink(link, label.variantId) : link,
    };
    for (let copy = 1; copy <= label.copies; copy++) {
      sheet.push({ ...printed, id: `${label.jobId}:${label.variantId}:${copy}` });
    }
  }
  return sheet;
}

/** The items whose links a batch needs, once each. */
export const itemsOf = (labels: readonly LabelToPrint[]) => [...new Set(labels.map((label) => label.itemId))];
