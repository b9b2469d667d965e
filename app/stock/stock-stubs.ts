/**
 * The quick local versions of the stock methods (app/live/simulation.ts): an
 * adjustment or a move shows on the item at once, with or without a line,
 * and the server's answer confirms it (or its refusal — say, a location
 * that would go below zero — takes it back, in words). Stock is kept by
 * variant (protocol/variants.ts, docs/architecture.md §9): a change moves
 * the named variant's (the item's own for a product without options), and
 * the product's totals follow it.
 */
import * as v from "valibot";
import {
  ADJUST_REASONS,
  COLLECTION,
  findVariant,
  hasVariants,
  type ItemDoc,
  METHOD,
  stockWith,
  withVariantStock,
} from "../../protocol/api";
import { METHOD_ARGS } from "../../protocol/args";
import { LiveError } from "../../protocol/errors";
import { variantTitle } from "../catalogue/variant-names";
import type { MethodStub, StubContext } from "../live/simulation";
import { targetForCodeHere } from "../stocktake/stocktake-stubs";

const ITEMS = COLLECTION.ITEMS;

function parse<T extends typeof METHOD.STOCK_ADJUST | typeof METHOD.STOCK_TRANSFER>(
  method: T,
  params: readonly unknown[],
) {
  const parsed = v.safeParse(METHOD_ARGS[method], params);
  if (!parsed.success) throw new LiveError(400, parsed.issues[0]?.message ?? "Invalid arguments");
  return parsed.output as v.InferOutput<(typeof METHOD_ARGS)[T]>;
}

/**
 * Applies `changes` to the variant (absent: the item's own id, as on the
 * server) as shown, refusing one that takes a location below zero, as the
 * server does — but a sale, which is never refused (docs/stock.md).
 */
function move(
  ctx: StubContext,
  itemId: string,
  variantId: string | undefined,
  changes: readonly { locationId: string; delta: number }[],
  sale = false,
): void {
  const item = ctx.findOne(ITEMS, itemId) as (ItemDoc & Record<string, unknown>) | undefined;
  if (!item) throw new LiveError(404, "Item not found");
  const variant = findVariant(item, variantId ?? item._id);
  if (!variant) throw new LiveError(404, hasVariants(item) ? "Choose which variant" : "That variant does not exist");
  const name = variantTitle(item, variant._id);
  let stock = variant.stock;
  for (const { locationId, delta } of changes) {
    stock = stockWith(stock, locationId, delta);
    if ((stock[locationId] ?? 0) < 0 && !sale)
      throw new LiveError(409, `Not enough of “${name}” there: that would take it below zero`);
  }
  ctx.update(ITEMS, itemId, withVariantStock(item, variant._id, stock));
}

export function stockStubs(): Record<string, MethodStub> {
  return {
    [METHOD.STOCK_ADJUST]: (ctx, ...params) => {
      const [input] = parse(METHOD.STOCK_ADJUST, params);
      const direction = ADJUST_REASONS[input.reason];
      if ((direction === "in" && input.quantity < 0) || (direction === "out" && input.quantity > 0)) {
        throw new LiveError(400, "That reason moves stock the other way");
      }
      move(
        ctx,
        input.itemId,
        input.variantId,
        [{ locationId: input.locationId, delta: input.quantity }],
        input.reason === "sold",
      );
    },
    [METHOD.STOCK_RECEIVE]: (ctx, ...params) => {
      const parsed = v.safeParse(METHOD_ARGS[METHOD.STOCK_RECEIVE], params);
      if (!parsed.success) throw new LiveError(400, parsed.issues[0]?.message ?? "Invalid arguments");
      const [code, locationId, quantity] = parsed.output;
      // What this browser can name at once shows at once; anything else is the server's to find.
      const target = targetForCodeHere(code, ctx.find(ITEMS), ctx.find(COLLECTION.STOCKTAKE_LABELS));
      if (target) move(ctx, target.item._id, target.variantId, [{ locationId, delta: quantity }]);
    },
    [METHOD.STOCK_TRANSFER]: (ctx, ...params) => {
      const [input] = parse(METHOD.STOCK_TRANSFER, params);
      if (input.from === input.to) throw new LiveError(400, "Choose two different locations");
      move(ctx, input.itemId, input.variantId, [
        { locationId: input.from, delta: -input.quantity },
        { locationId: input.to, delta: input.quantity },
      ]);
    },
  };
}
