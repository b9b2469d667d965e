/**
 * The stocktake scan's quick local version: a typed SKU (or an item id)
 * that names an item on screen counts at once, under the scan id the server
 * will give it, so a scan made in a basement with no signal shows in the
 * counts and joins the server's once, when the line is back. A label's link
 * cannot be resolved here (its code lives on the server): it counts when the
 * server answers.
 */
import * as v from "valibot";
import { COLLECTION, METHOD, METHOD_ARGS } from "../../protocol/api";
import type { MethodStub } from "../live/simulation";

export function stocktakeStubs(env: { userId(): string | null; now?(): Date }): Record<string, MethodStub> {
  return {
    [METHOD.STOCKTAKE_SCAN]: (ctx, ...params) => {
      const parsed = v.safeParse(METHOD_ARGS[METHOD.STOCKTAKE_SCAN], params);
      if (!parsed.success) return;
      const [stocktakeId, code] = parsed.output;
      const item = ctx.find(COLLECTION.ITEMS).find((doc) => doc.sku === code) ?? ctx.findOne(COLLECTION.ITEMS, code);
      if (!item) return;
      ctx.insert(COLLECTION.STOCKTAKE_SCANS, {
        _id: ctx.newId(COLLECTION.STOCKTAKE_SCANS),
        stocktakeId,
        itemId: item._id,
        userId: env.userId() ?? "",
        at: env.now?.() ?? new Date(),
      });
    },
  };
}
