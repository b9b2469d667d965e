/**
 * A count against a purchase order (docs/buying.md), shown at once: a code
 * this phone can name (a variant's SKU or barcode, a label the room sent)
 * that is on the order, or a line's + and −, moves that line's tally here
 * before the server answers — so a delivery is counted in a back room with
 * no signal, and joins everyone's tally once, when the line is back. What
 * this phone cannot place (a code not on the order, one it does not know)
 * waits for the server, which says what to do.
 */
import * as v from "valibot";
import { COLLECTION, METHOD, type PurchaseOrderLineDoc } from "../../protocol/api";
import { METHOD_ARGS } from "../../protocol/args";
import type { MethodStub } from "../live/simulation";
import { type DeviceItems, targetForCodeHere } from "../stocktake/stocktake-stubs";

export function receivingStubs(env: { deviceItems?: DeviceItems }): Record<string, MethodStub> {
  return {
    [METHOD.PURCHASE_ORDERS_COUNT]: (ctx, ...params) => {
      const parsed = v.safeParse(METHOD_ARGS[METHOD.PURCHASE_ORDERS_COUNT], params);
      if (!parsed.success) return;
      const [orderId, count] = parsed.output;
      const lines = ctx
        .find(COLLECTION.PURCHASE_ORDER_LINES)
        .filter((doc) => doc.orderId === orderId) as unknown as PurchaseOrderLineDoc[];
      let line: PurchaseOrderLineDoc | undefined;
      if (count.lineId) line = lines.find((each) => each._id === count.lineId);
      else if (count.code) {
        const shown = ctx.find(COLLECTION.ITEMS);
        const kept = env.deviceItems?.current ?? [];
        const items = kept.length === 0 ? shown : [...shown, ...kept];
        const target = targetForCodeHere(count.code, items, ctx.find(COLLECTION.STOCKTAKE_LABELS));
        line = target ? lines.find((each) => each.variantId === target.variantId) : undefined;
      }
      if (!line) return;
      const before = ctx.findOne(COLLECTION.PURCHASE_ORDER_TALLY, line._id);
      const good = (typeof before?.good === "number" ? before.good : 0) + (count.damaged ? 0 : count.units);
      const damaged = (typeof before?.damaged === "number" ? before.damaged : 0) + (count.damaged ? count.units : 0);
      // Never below nothing: the server refuses that in words.
      if (good < 0 || damaged < 0) return;
      if (good === 0 && damaged === 0) {
        if (before) ctx.remove(COLLECTION.PURCHASE_ORDER_TALLY, line._id);
      } else if (before) ctx.update(COLLECTION.PURCHASE_ORDER_TALLY, line._id, { good, damaged });
      else ctx.insert(COLLECTION.PURCHASE_ORDER_TALLY, { _id: line._id, orderId, good, damaged });
    },
  };
}
