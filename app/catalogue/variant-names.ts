/**
 * How a person reads a variant (protocol/variants.ts): "Tee — M / Red" for
 * a variant of a product with options, the bare title for a product's only
 * variant, so a simple product reads exactly as it always did.
 */
import { findVariant, type ProductLike, variantName } from "../../protocol/api";

export function variantTitle(item: ProductLike & { title: string }, variantId: string): string {
  const variant = findVariant(item, variantId);
  return variant && variant.values.length > 0 ? `${item.title} — ${variantName(variant)}` : item.title;
}
