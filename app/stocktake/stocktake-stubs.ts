/**
 * The stocktake scan's quick local version: a typed SKU, an item id, or a
 * scanned label whose link is among the labels the room sent
 * (`stocktake.labels`) counts at once, under the scan id the server will
 * give it, so a scan made in a basement with no signal shows in the counts
 * and joins the server's once, when the line is back. Anything else counts
 * when the server answers. A SKU matches in any case, as on the server.
 * Taking a scan back shows at once too.
 */
import * as v from "valibot";
import { COLLECTION, METHOD } from "../../protocol/api";
import { METHOD_ARGS } from "../../protocol/args";
import { labelKey } from "../../protocol/label-key";
import type { LiveDoc } from "../live";
import type { MethodStub } from "../live/simulation";

/** The item a scanned or typed code names, among the documents this browser has (undefined: ask the server). */
export function itemForCodeHere(
  code: string,
  items: readonly LiveDoc[],
  labels: readonly LiveDoc[],
): LiveDoc | undefined {
  const key = labelKey(code);
  if (key) {
    const labelled = labels.find((doc) => Array.isArray(doc.keys) && doc.keys.includes(key));
    return labelled ? items.find((item) => item._id === labelled._id) : undefined;
  }
  const lower = code.toLowerCase();
  return (
    items.find((item) => item.sku === code) ??
    items.find((item) => typeof item.sku === "string" && item.sku !== "" && item.sku.toLowerCase() === lower) ??
    items.find((item) => item._id === code)
  );
}

export function stocktakeStubs(env: { userId(): string | null; now?(): Date }): Record<string, MethodStub> {
  return {
    [METHOD.STOCKTAKE_SCAN]: (ctx, ...params) => {
      const parsed = v.safeParse(METHOD_ARGS[METHOD.STOCKTAKE_SCAN], params);
      if (!parsed.success) return;
      const [stocktakeId, code] = parsed.output;
      const item = itemForCodeHere(code, ctx.find(COLLECTION.ITEMS), ctx.find(COLLECTION.STOCKTAKE_LABELS));
      if (!item) return;
      ctx.insert(COLLECTION.STOCKTAKE_SCANS, {
        _id: ctx.newId(COLLECTION.STOCKTAKE_SCANS),
        stocktakeId,
        itemId: item._id,
        userId: env.userId() ?? "",
        at: env.now?.() ?? new Date(),
      });
    },
    [METHOD.STOCKTAKE_UNSCAN]: (ctx, ...params) => {
      const parsed = v.safeParse(METHOD_ARGS[METHOD.STOCKTAKE_UNSCAN], params);
      if (parsed.success) ctx.remove(COLLECTION.STOCKTAKE_SCANS, parsed.output[1]);
    },
  };
}
