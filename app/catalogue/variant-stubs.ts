/**
 * The quick local versions of the variant methods (app/live/simulation.ts,
 * protocol/variants.ts, docs/architecture.md §9): a product's options and
 * variants set, or one variant edited, show the moment they are made, with
 * or without a line. They apply the rules the server applies (planVariants,
 * settleTotal, withVariantStock), and new variants take the ids the server
 * will give them (the call's seed, `ctx.newId("variants")`), so the
 * server's answer confirms the change and its refusal takes it back.
 */
import * as v from "valibot";
import {
  COLLECTION,
  checkVariantEdit,
  hasVariants,
  type ItemDoc,
  type LocationDoc,
  lowestPrice,
  MAIN_LOCATION_ID,
  METHOD,
  planVariants,
  settleTotal,
  stockWith,
  totalsOf,
  type VariantDoc,
  type VariantSpec,
  variantsOf,
  withVariantStock,
} from "../../protocol/api";
import { METHOD_ARGS } from "../../protocol/args";
import { LiveError } from "../../protocol/errors";
import type { LiveDoc } from "../live";
import type { MethodStub, StubContext } from "../live/simulation";

const ITEMS = COLLECTION.ITEMS;

/** The collection name new variants' ids are drawn under: the server's `variantIds` uses the same. */
export const VARIANT_IDS = "variants";

function parse<T extends typeof METHOD.ITEMS_SET_VARIANTS | typeof METHOD.ITEMS_UPDATE_VARIANT>(
  method: T,
  params: readonly unknown[],
) {
  const parsed = v.safeParse(METHOD_ARGS[method], params);
  if (!parsed.success) throw new LiveError(400, parsed.issues[0]?.message ?? "Invalid arguments");
  return parsed.output as v.InferOutput<(typeof METHOD_ARGS)[T]>;
}

function itemHere(ctx: StubContext, itemId: string): ItemDoc {
  const item = ctx.findOne(ITEMS, itemId) as (LiveDoc & ItemDoc) | undefined;
  if (!item) throw new LiveError(404, "Item not found");
  return item;
}

/**
 * Where a typed count puts new stock, and which locations may take it, as
 * the server decides (the first active location, none archived); with no
 * locations here yet, `main` and any.
 */
export function settleHere(ctx: StubContext): { home: string; open(locationId: string): boolean } {
  const locations = ctx.find(COLLECTION.LOCATIONS) as readonly (LiveDoc & LocationDoc)[];
  const active = locations.filter((location) => !location.archived).sort((a, b) => a.position - b.position);
  const archived = new Set(locations.filter((location) => location.archived).map((location) => location._id));
  return { home: active[0]?._id ?? MAIN_LOCATION_ID, open: (id) => !archived.has(id) };
}

/** A variant's stock brought to `target` in all, settled over its locations as the server settles it. */
export function stockAtCount(ctx: StubContext, stock: Record<string, number>, target: number): Record<string, number> {
  const { home, open } = settleHere(ctx);
  let next = stock;
  for (const { locationId, delta } of settleTotal(stock, target, home, open)) next = stockWith(next, locationId, delta);
  return next;
}

export function variantStubs(env: { userId(): string | null; now?(): Date }): Record<string, MethodStub> {
  const touched = () => ({ updatedAt: env.now?.() ?? new Date(), updatedBy: env.userId() ?? "" });
  return {
    [METHOD.ITEMS_SET_VARIANTS]: (ctx, ...params) => {
      const [itemId, set] = parse(METHOD.ITEMS_SET_VARIANTS, params);
      const item = itemHere(ctx, itemId);
      // A count typed in the editor is the server's to set (with what was seen there, docs/stock.md).
      const specs = set.variants.map(({ count: _count, ...spec }) => spec);
      const plan = planVariants(item, set.options, specs as VariantSpec[], () => ctx.newId(VARIANT_IDS));
      // Back to a simple product: the stock left is the variant that keeps the product's id (planVariants' `own`).
      const before = variantsOf(item);
      const own = before.find((variant) => variant._id === item._id) ?? before[0];
      const stock =
        plan.variants.length > 0
          ? totalsOf(plan.variants)
          : { stock: own?.stock ?? {}, quantity: own?.quantity ?? item.quantity };
      ctx.update(ITEMS, itemId, {
        options: plan.options,
        variants: plan.variants,
        ...plan.own,
        ...stock,
        ...touched(),
      });
    },
    [METHOD.ITEMS_UPDATE_VARIANT]: (ctx, ...params) => {
      const [itemId, variantId, patch] = parse(METHOD.ITEMS_UPDATE_VARIANT, params);
      const item = itemHere(ctx, itemId);
      if (!hasVariants(item)) throw new LiveError(409, "This product has no variants: edit the item itself");
      const variant = item.variants?.find((each) => each._id === variantId);
      if (!variant) throw new LiveError(404, "That variant no longer exists");
      const { quantity, quantityWas: _seen, ...fields } = patch;
      const next: VariantDoc = { ...variant, ...fields };
      checkVariantEdit(item, next, fields.values !== undefined);
      const variants = (item.variants as VariantDoc[]).map((each) => (each._id === variantId ? next : each));
      // A typed count settles over the variant's locations; the product's totals follow it.
      const counted =
        quantity === undefined
          ? { variants }
          : withVariantStock({ ...item, variants }, variantId, stockAtCount(ctx, next.stock, quantity));
      const after = counted.variants ?? variants;
      ctx.update(ITEMS, itemId, { ...counted, variants: after, priceCents: lowestPrice(after), ...touched() });
    },
  };
}
