/**
 * Which labels a sheet prints for the selected items (LabelsPanel.tsx): one
 * per item, or one per variant of a product with options — its name ("Tee
 * — M"), its price and its own barcode (Code 128 of its SKU when it has
 * none, as for items: app/qr/label-barcode.ts) — and either of those once
 * per unit in stock. An item's QR is its link; a variant's, its product's
 * link naming the variant (protocol/label-key.ts `variantLink`), so every
 * label counts, receives and sells the variant printed on it. Pure.
 */
import { hasVariants, type ItemDoc, variantName } from "../../protocol/api";
import { variantLink } from "../../protocol/label-key";
import { formatPrice } from "../money";
import type { SheetLabel } from "../qr/LabelSheet";

/** A label and how many units it stands for (its item's or variant's stock). */
export interface CountedLabel {
  label: SheetLabel;
  units: number;
}

/** One label per item with a link (an item without one no longer exists). */
export function itemLabels(items: readonly ItemDoc[], links: Readonly<Record<string, string>>): CountedLabel[] {
  return items.flatMap((item) => {
    const link = links[item._id];
    if (!link) return [];
    const label: SheetLabel = {
      id: item._id,
      title: item.title,
      priceText: formatPrice(item.priceCents, item.currency),
      sku: item.sku,
      barcode: item.barcode ?? "",
      link,
    };
    return [{ label, units: item.quantity }];
  });
}

/** The same, with a product with options as one label per variant. */
export function variantLabels(items: readonly ItemDoc[], links: Readonly<Record<string, string>>): CountedLabel[] {
  return items.flatMap((item) => {
    const link = links[item._id];
    if (!link) return [];
    if (!hasVariants(item)) return itemLabels([item], links);
    return (item.variants ?? []).map((variant) => ({
      label: {
        id: `${item._id}:${variant._id}`,
        title: `${item.title} — ${variantName(variant)}`,
        priceText: formatPrice(variant.priceCents, item.currency),
        sku: variant.sku,
        barcode: variant.barcode,
        link: variantLink(link, variant._id),
      },
      units: variant.quantity,
    }));
  });
}

/**
 * Each label repeated once per unit it stands for (none for none); built
 * only up to one past `max`, which is enough to say the sheet was cut.
 */
export function labelsPerUnit(labels: readonly CountedLabel[], max: number): SheetLabel[] {
  const sheet: SheetLabel[] = [];
  for (const { label, units } of labels) {
    for (let unit = 1; unit <= units && sheet.length <= max; unit++)
      sheet.push({ ...label, id: `${label.id}:${unit}` });
  }
  return sheet;
}
