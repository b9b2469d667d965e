/**
 * A product's price as its row and page show it (protocol/variants.ts): its
 * own for a product sold as one item, "from $12.00" when its variants'
 * prices differ (the product keeps the lowest), the one price when they
 * are all the same.
 */
import { hasVariants, type ItemDoc, lowestPrice } from "../../protocol/api";
import { formatPrice } from "../money";

/** Whether the variants are sold at different prices (the product's price is then only the lowest). */
export function pricesDiffer(item: ItemDoc): boolean {
  const variants = item.variants ?? [];
  return hasVariants(item) && variants.some((variant) => variant.priceCents !== variants[0]?.priceCents);
}

export function priceText(item: ItemDoc): string {
  if (!pricesDiffer(item)) return formatPrice(item.priceCents, item.currency);
  return `from ${formatPrice(lowestPrice(item.variants ?? []), item.currency)}`;
}
