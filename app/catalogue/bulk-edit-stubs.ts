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
} from "../../protocol/api";
import { METHOD_ARGS } from "../../protocol/args";
import { bulkPrice, bulkTags } from "../../protocol/bulk-edit";
import { LiveError } from "../../protocol/errors";
import type { MethodStub } from "../live/simulation";

export function bulkEditStubs(): Record<string, MethodStub> {
  return {
    [METHOD.ITEMS_BULK_EDIT]: (ctx, ...params) => {
      const parsed = v.safeParse(METHOD_ARGS[METHOD.ITEMS_BULK_EDIT], params);
      if (!parsed.success) throw new LiveError(400, parsed.issues[0]?.message ?? "Invalid arguments");
      const [ids, change] = parsed.output;
      const updates = ids.map((id) => {
        const item = ctx.findOne(COLLECTION.ITEMS, id) as ItemDoc | undefined;
        if (!item) throw new LiveError(404, "Some of these items no longer exist");
        const fields: Partial<ItemDoc> = {};
        const price = change.price;
        if (price && hasVariants(item)) {
          // Each variant's own price moves; the product shows the lowest (protocol/variants.ts).
          fields.variants = (item.variants ?? []).map((variant) => ({
            ...variant,
            priceCents: bulkPrice(variant.priceCents, price),
          }));
          fields.priceCents = lowestPrice(fields.variants);
        } else if (price) fields.priceCents = bulkPrice(item.priceCents, price);
        if (change.stock && hasVariants(item)) {
          throw new LiveError(409, `“${item.title}” is sold in variants: change each variant's stock on its page`);
        }
        if (change.location !== undefined) fields.location = change.location;
        if (change.addTags || change.removeTags) fields.tags = bulkTags(item.tags, change);
        if (change.status) fields.status = change.status;
        if (change.stock) {
          const stock = stockWith(stockOfItem(item), change.stock.locationId, change.stock.quantity);
          if ((stock[change.stock.locationId] ?? 0) < 0) {
            throw new LiveError(409, `Not enough of “${item.title}” there: that would take it below zero`);
          }
          fields.stock = stock;
          fields.quantity = stockTotal(stock);
        }
        return { id, fields };
      });
      for (const { id, fields } of updates) ctx.update(COLLECTION.ITEMS, id, fields);
    },
  };
}
