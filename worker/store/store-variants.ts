/**
 * A store product's options and variants become the item's (docs/stock.md,
 * "Variants both ways"). Each store variant is matched to one of ours by
 * the link kept from before (its variant id), then its SKU, then its
 * barcode, then its option values; the rest are new variants. Ours the
 * store does not have are kept: one added here may not have reached the
 * store yet. A new variant starts with what the store has of it; one whose
 * levels the store reports moves only by movements (store-stock.ts).
 * Written through the variants' own write (variants-service.ts), by the
 * store, so nothing goes back to the store as a change of ours.
 */
import { detailsOf, STORE_ACTOR, type VariantDoc, variantsOf } from "../../protocol/api";
import { LiveError } from "../../protocol/errors";
import type { VariantSet } from "../../protocol/variant-args";
import { findItemByBarcode, findItemBySku, findVariantByCode, toItemDoc } from "../db/room/items-repo";
import { runTogether } from "../db/room/room-database";
import { linkVariantsQueries, variantLinksOfItem } from "../db/room/store-stock-repo";
import { itemHere } from "../inventory/item-writes";
import { homeLocation } from "../inventory/stock-moves";
import { setVariantsNow } from "../inventory/variants-service";
import type { RoomHost } from "../rooms/room-host";
import type { StoreProduct, StoreProductVariant } from "./store-product-record";
import { storeReportsLevels } from "./store-stock";

/** What a movement made to start a variant at the store's count says. */
export const FROM_THE_STORE = "From the store";

const sameCode = (a: string, b: string) => a !== "" && a.toLowerCase() === b.toLowerCase();
const valuesKey = (values: readonly string[]) => values.map((value) => value.toLowerCase()).join("\u0000");

/** Whether no other item of the room has this code (a code another item has stays with it). */
async function codeFree(host: RoomHost, code: string, itemId: string): Promise<boolean> {
  if (!code) return true;
  const bySku = findItemBySku(host.roomDb, host.roomId, code);
  const byBarcode = findItemByBarcode(host.roomDb, host.roomId, code);
  const byVariant = findVariantByCode(host.roomDb, code);
  return [bySku?.id, byBarcode?.id, byVariant?.itemId].every((holder) => holder === undefined || holder === itemId);
}

/** Each store variant's match among ours (by link, SKU, barcode, then values), or undefined for a new one. */
function matchVariants(
  theirs: readonly StoreProductVariant[],
  ours: readonly VariantDoc[],
  linked: ReadonlyMap<string, string>,
): (VariantDoc | undefined)[] {
  const taken = new Set<string>();
  const matches: (VariantDoc | undefined)[] = theirs.map(() => undefined);
  const rules: ((store: StoreProductVariant, variant: VariantDoc) => boolean)[] = [
    (store, variant) => linked.get(store.variantId) === variant._id,
    (store, variant) => sameCode(store.sku, variant.sku),
    (store, variant) => sameCode(store.barcode, variant.barcode),
    (store, variant) => variant.values.length > 0 && valuesKey(store.values) === valuesKey(variant.values),
  ];
  for (const rule of rules) {
    theirs.forEach((store, index) => {
      if (matches[index]) return;
      const found = ours.find((variant) => !taken.has(variant._id) && rule(store, variant));
      if (!found) return;
      matches[index] = found;
      taken.add(found._id);
    });
  }
  return matches;
}

/**
 * Brings the product's options and variants into the item (the caller
 * holds host.writes), linking each store variant to its variant here.
 * Answers false, changing nothing, when they cannot be brought whole (a
 * variant of ours holding stock would have no place among the store's
 * options); the item keeps its own then.
 */
export async function applyStoreVariantsNow(
  host: RoomHost,
  itemId: string,
  product: StoreProduct,
  options: { counted: boolean } = { counted: true },
): Promise<boolean> {
  const doc = toItemDoc(await itemHere(host, itemId));
  const ours = variantsOf(doc);
  const linked = new Map(variantLinksOfItem(host.roomDb, itemId).map((link) => [link.storeVariantId, link.variantId]));
  const theirs = product.variants;
  const matches = matchVariants(theirs, ours, linked);
  const home = homeLocation(host.roomDb);
  const codes = new Set<string>();
  /** A code the product has once, and no other item has: else it is left off this variant. */
  const keep = async (code: string) => {
    if (!code || codes.has(code.toLowerCase()) || !(await codeFree(host, code, itemId))) return "";
    codes.add(code.toLowerCase());
    return code;
  };
  const specs: VariantSet["variants"] = [];
  for (const [index, store] of theirs.entries()) {
    const match = matches[index];
    // A variant the store reports levels of moves by movements only; else it takes the store's total.
    // (Not when the store's levels at each mapped location are brought in after: store-levels-in.ts.)
    const counted = options.counted && !storeReportsLevels(host, store.inventoryItemId);
    const held = match?.stock[home] ?? 0;
    const count = counted
      ? { locationId: home, quantity: Math.max(0, held + store.quantity - (match?.quantity ?? 0)) }
      : undefined;
    specs.push({
      ...(match && doc.variants?.length ? { _id: match._id } : {}),
      ...(match && !doc.variants?.length ? { _id: doc._id } : {}),
      values: store.values,
      sku: await keep(store.sku),
      barcode: await keep(store.barcode),
      priceCents: store.priceCents,
      // Its "was" price, cost and weight where the store says them; else they stay as they are here.
      ...detailsOf(store),
      reorderPoint: match?.reorderPoint ?? null,
      ...(match?.locationReorderPoints ? { locationReorderPoints: match.locationReorderPoints } : {}),
      ...(count && count.quantity !== held ? { count } : {}),
    });
  }
  // Ours the store does not have (yet) stay, where they fit the store's options.
  const seen = new Set(specs.map((spec) => valuesKey(spec.values)));
  for (const variant of doc.variants ?? []) {
    if (matches.some((match) => match?._id === variant._id)) continue;
    const fits = variant.values.length === product.options.length && !seen.has(valuesKey(variant.values));
    if (!fits) {
      if (variant.quantity !== 0) return false;
      continue;
    }
    seen.add(valuesKey(variant.values));
    specs.push({
      _id: variant._id,
      values: variant.values,
      sku: await keep(variant.sku),
      barcode: await keep(variant.barcode),
      priceCents: variant.priceCents,
      reorderPoint: variant.reorderPoint,
      ...(variant.locationReorderPoints ? { locationReorderPoints: variant.locationReorderPoints } : {}),
    });
  }
  let ids: string[];
  try {
    ids = await setVariantsNow(
      host,
      STORE_ACTOR,
      itemId,
      { options: product.options, variants: specs },
      undefined,
      FROM_THE_STORE,
    );
  } catch (error) {
    if (!(error instanceof LiveError)) throw error;
    console.error(`store: the variants of ${product.productId} could not be brought in: ${error.reason}`);
    return false;
  }
  runTogether(
    host.roomDb,
    linkVariantsQueries(
      host.roomDb,
      theirs.flatMap((store, index) => {
        const variantId = ids[index];
        if (!variantId) return [];
        return [
          {
            storeVariantId: store.variantId,
            inventoryItemId: store.inventoryItemId,
            productId: product.productId,
            itemId,
            variantId,
          },
        ];
      }),
    ),
  );
  return true;
}
