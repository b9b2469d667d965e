/**
 * What `productSet` answers for a product it made or set whole (publish.ts),
 * and the store variant each of the item's variants became: by its option
 * values, else by its place — so a store sale of a variant moves its stock
 * here (docs/stock.md, "Stock from the store").
 */
import * as v from "valibot";
import { hasVariants, type ItemDoc, variantsOf } from "../../protocol/api";
import type { StoreVariantRow } from "../db/room/store-stock-tables";

export const createdProduct = v.object({
  product: v.nullable(
    v.object({
      id: v.string(),
      handle: v.optional(v.string(), ""),
      variants: v.object({
        nodes: v.array(
          v.object({
            id: v.string(),
            inventoryItem: v.nullish(v.object({ id: v.string() })),
            selectedOptions: v.optional(v.array(v.object({ value: v.string() })), []),
          }),
        ),
      }),
    }),
  ),
});

export type CreatedProduct = NonNullable<v.InferOutput<typeof createdProduct>["product"]>;

/** The store variant each of the item's variants became: by its option values, else by its place. */
export function variantLinks(item: ItemDoc, product: CreatedProduct): StoreVariantRow[] {
  const nodes = product.variants.nodes;
  const valuesOf = (values: readonly string[]) => JSON.stringify(values);
  const byPlace = nodes.every((node) => node.selectedOptions.length === 0);
  return variantsOf(item).flatMap((variant, index) => {
    const node = byPlace
      ? nodes[index]
      : (nodes.find(
          (each) => valuesOf(each.selectedOptions.map((option) => option.value)) === valuesOf(variant.values),
        ) ?? (hasVariants(item) ? undefined : nodes[0]));
    if (!node) return [];
    return [
      {
        storeVariantId: node.id,
        inventoryItemId: node.inventoryItem?.id ?? "",
        productId: product.id,
        itemId: item._id,
        variantId: variant._id,
      },
    ];
  });
}
