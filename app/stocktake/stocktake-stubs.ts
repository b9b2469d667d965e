/**
 * The stocktake scan's quick local version: a typed SKU, an item id, or a
 * scanned label whose link is among the labels the room sent
 * (`stocktake.labels`) counts at once, under the scan id the server will
 * give it, so a scan made in a basement with no signal shows in the counts
 * and joins the server's once, when the line is back. Anything else counts
 * when the server answers. A SKU matches in any case, as on the server.
 * Taking a scan back shows at once too. In a big room the live store holds
 * only windows, so the items of the device copy that the stocktake holds are
 * searched as well (use-stocktake-items.ts, docs/architecture.md §5): a code
 * typed or scanned with no line finds any item of the room.
 */
import * as v from "valibot";
import { COLLECTION, type ItemDoc, METHOD } from "../../protocol/api";
import { METHOD_ARGS } from "../../protocol/args";
import { barcodeForms } from "../../protocol/barcodes";
import { labelKey } from "../../protocol/label-key";
import type { LiveDoc } from "../live";
import type { MethodStub } from "../live/simulation";

/** What finding an item by its code reads of it. */
interface CodedItem {
  readonly _id: string;
  readonly sku?: unknown;
  readonly barcode?: unknown;
}

/** A big room's device copy as the stocktake holds it (empty while it holds none, and in other rooms). */
export interface DeviceItems {
  current: readonly ItemDoc[];
}

/** The item a scanned or typed code names, among the documents this browser has (undefined: ask the server). */
export function itemForCodeHere<T extends CodedItem>(
  code: string,
  items: readonly T[],
  labels: readonly LiveDoc[],
): T | undefined {
  const key = labelKey(code);
  if (key) {
    const labelled = labels.find((doc) => Array.isArray(doc.keys) && doc.keys.includes(key));
    return labelled ? items.find((item) => item._id === labelled._id) : undefined;
  }
  const lower = code.toLowerCase();
  const forms = barcodeForms(code);
  return (
    items.find((item) => item.sku === code) ??
    items.find((item) => typeof item.sku === "string" && item.sku !== "" && item.sku.toLowerCase() === lower) ??
    items.find((item) => typeof item.barcode === "string" && item.barcode !== "" && forms.includes(item.barcode)) ??
    items.find((item) => item._id === code)
  );
}

export function stocktakeStubs(env: {
  userId(): string | null;
  now?(): Date;
  deviceItems?: DeviceItems;
}): Record<string, MethodStub> {
  return {
    [METHOD.STOCKTAKE_SCAN]: (ctx, ...params) => {
      const parsed = v.safeParse(METHOD_ARGS[METHOD.STOCKTAKE_SCAN], params);
      if (!parsed.success) return;
      const [stocktakeId, code] = parsed.output;
      const shown = ctx.find(COLLECTION.ITEMS);
      const kept = env.deviceItems?.current ?? [];
      const items = kept.length === 0 ? shown : [...shown, ...kept];
      const item = itemForCodeHere(code, items, ctx.find(COLLECTION.STOCKTAKE_LABELS));
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
