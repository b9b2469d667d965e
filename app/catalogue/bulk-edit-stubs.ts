/**
 * The quick local version of `items.bulkEdit` (app/live/simulation.ts): the
 * change shows on every selected item at once, with or without a line, and
 * is refused whole, as on the server, when one item would go below zero.
 */
import * as v from "valibot";
import {
  COLLECTION,
  hasVariants,
  type ItemDoc,
  lowestPrice,
  METHOD,
  stockOfItem,
  stockTotal,
  stockWith,
  type VariantDoc,
  variantName,
  withVariantStock,
} from "../../protocol/api";
import { METHOD_ARGS } from "../../protocol/args";
import { type BulkChange, bulkPrice, bulkTags } from "../../protocol/bulk-edit";
import { LiveError } from "../../protocol/errors";
import type { MethodStub } from "../live/simulation";

export function bulkEditStubs(): Record<string, MethodStub> {
  /** Shows the change on every item at once (either method: a few items, or a whole selection as a job). */
  const showEdit: (
    ctx: Parameters<MethodStub>[0],
    ids: readonly string[],
    change: BulkChange,
    variantIds: readonly string[],
  ) => void = (ctx, ids, change, variantIds) => {
    const chosen = new Set(variantIds);
    const updates = ids.map((id) => {
      const item = ctx.findOne(COLLECTION.ITEMS, id) as ItemDoc | undefined;
      if (!item) throw new LiveError(404, "Some of these items no longer exist");
      const fields: Partial<ItemDoc> = {};
      const price = change.price;
      // A product's variants the change is for: those chosen, else (for its price) all of them.
      const picked = (item.variants ?? []).filter((variant) => chosen.has(variant._id));
      const moving = (variant: VariantDoc) => picked.length === 0 || chosen.has(variant._id);
      let variants = item.variants ?? [];
      if (price && hasVariants(item)) {
        // Each variant's own price moves; the product shows the lowest (protocol/variants.ts).
        variants = variants.map((variant) =>
          moving(variant) ? { ...variant, priceCents: bulkPrice(variant.priceCents, price) } : variant,
        );
        fields.variants = variants;
        fields.priceCents = lowestPrice(variants);
      } else if (price) fields.priceCents = bulkPrice(item.priceCents, price);
      if (change.stock && hasVariants(item) && picked.length === 0) {
        throw new LiveError(409, `“${item.title}” is sold in variants: choose which of its variants`);
      }
      if (change.location !== undefined) fields.location = change.location;
      if (change.addTags || change.removeTags) fields.tags = bulkTags(item.tags, change);
      if (change.status) fields.status = change.status;
      const stockChange = change.stock;
      if (stockChange && hasVariants(item)) {
        let product: ItemDoc = { ...item, variants };
        for (const variant of picked) {
          const stock = stockWith(variant.stock, stockChange.locationId, stockChange.quantity);
          if ((stock[stockChange.locationId] ?? 0) < 0) {
            throw new LiveError(
              409,
              `Not enough of “${item.title} — ${variantName(variant)}” there: that would take it below zero`,
            );
          }
          product = { ...product, ...withVariantStock(product, variant._id, stock) };
        }
        Object.assign(fields, { variants: product.variants, stock: product.stock, quantity: product.quantity });
      } else if (stockChange) {
        const stock = stockWith(stockOfItem(item), stockChange.locationId, stockChange.quantity);
        if ((stock[stockChange.locationId] ?? 0) < 0) {
          throw new LiveError(409, `Not enough of “${item.title}” there: that would take it below zero`);
        }
        fields.stock = stock;
        fields.quantity = stockTotal(stock);
      }
      return { id, fields };
    });
    for (const { id, fields } of updates) ctx.update(COLLECTION.ITEMS, id, fields);
  };
  return {
    [METHOD.ITEMS_BULK_EDIT]: (ctx, ...params) => {
      const parsed = v.safeParse(METHOD_ARGS[METHOD.ITEMS_BULK_EDIT], params);
      if (!parsed.success) throw new LiveError(400, parsed.issues[0]?.message ?? "Invalid arguments");
      const [ids, change, variantIds] = parsed.output;
      showEdit(ctx, ids, change, variantIds);
    },
    [METHOD.ITEMS_EDIT_SELECTION]: (ctx, ...params) => {
      const parsed = v.safeParse(METHOD_ARGS[METHOD.ITEMS_EDIT_SELECTION], params);
      if (!parsed.success) throw new LiveError(400, parsed.issues[0]?.message ?? "Invalid arguments");
      const [ids, change, variantIds] = parsed.output;
      showEdit(ctx, ids, change, variantIds);
    },
  };
}
