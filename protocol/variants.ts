/**
 * Products and their variants (docs/architecture.md §9): a product has up
 * to three options (Size, Colour…) and a variant for each combination it
 * is sold in, each with its own SKU, barcode, price, reorder point and
 * stock by location. A product without options is its own only variant,
 * whose id is the product's: it looks exactly as simple as an item always
 * did, and the ledger's movements of it name the item's id. The first
 * variant of a product given options keeps that id, so the stock it held
 * and the movements that made it stay with it.
 *
 * These rules are shared: the server applies them, and the app's stubs
 * apply the same ones so a change shows at once.
 */

import { LiveError } from "./errors";
import { LIMITS } from "./limits";
import { isLowStock, stockTotal } from "./stock";

/** The units a weight is shown in; it is kept in grams. */
export const WEIGHT_UNITS = ["g", "kg", "lb", "oz"] as const;
export type WeightUnit = (typeof WEIGHT_UNITS)[number];

/** Grams in one of each unit. */
export const GRAMS_IN: Record<WeightUnit, number> = { g: 1, kg: 1000, lb: 453.59237, oz: 28.349523125 };

/**
 * A variant's own figures beside its price: what it costs (the last cost paid), what its stock is
 * worth a unit (the weighted average cost, null while that is simply its cost: docs/buying.md),
 * its supplier and their code for it, its "was" price, its weight (null: not known).
 */
export interface VariantDetails {
  costCents?: number | null;
  avgCostCents?: number | null;
  supplierId?: string | null;
  supplierSku?: string;
  compareAtCents?: number | null;
  weightGrams?: number | null;
  weightUnit?: WeightUnit;
}

/** One variant of a product, as the product's document carries it. */
export interface VariantDoc extends VariantDetails {
  _id: string;
  /** One value per option of the product, in the options' order. */
  values: string[];
  sku: string;
  barcode: string;
  priceCents: number;
  /** Units at each location holding any; `quantity` is their sum. */
  stock: Record<string, number>;
  quantity: number;
  /** Low on stock at or below this many units; null for never. */
  reorderPoint: number | null;
  /** Low, too, when a location holds at or below its own point here (location id → units); absent for none. */
  locationReorderPoints?: Record<string, number>;
}

/** What a product's own fields look like to these rules (ItemDoc, or a stored row turned into one). */
export interface ProductLike extends VariantDetails {
  _id: string;
  sku: string;
  barcode?: string;
  priceCents: number;
  quantity: number;
  stock?: Record<string, number>;
  reorderPoint?: number | null;
  locationReorderPoints?: Record<string, number>;
  options?: string[];
  variants?: VariantDoc[];
}

/** Whether the product is sold in variants (it has options), rather than being its own only variant. */
export function hasVariants(item: Pick<ProductLike, "variants">): boolean {
  return (item.variants?.length ?? 0) > 0;
}

/** The product's variants: its own, or itself as its only one. */
export function variantsOf(item: ProductLike): VariantDoc[] {
  if (item.variants && item.variants.length > 0) return item.variants;
  const stock = item.stock ?? (item.quantity ? { main: item.quantity } : {});
  return [
    {
      _id: item._id,
      values: [],
      sku: item.sku,
      barcode: item.barcode ?? "",
      priceCents: item.priceCents,
      stock,
      quantity: item.quantity,
      reorderPoint: item.reorderPoint ?? null,
      ...(item.locationReorderPoints ? { locationReorderPoints: item.locationReorderPoints } : {}),
      ...detailsOf(item),
    },
  ];
}

/** A variant's (or a product's own) cost, "was" price and weight, those it has. */
export function detailsOf(from: VariantDetails): VariantDetails {
  const details: VariantDetails = {};
  if (from.costCents !== undefined) details.costCents = from.costCents;
  if (from.avgCostCents !== undefined) details.avgCostCents = from.avgCostCents;
  if (from.supplierId !== undefined) details.supplierId = from.supplierId;
  if (from.supplierSku !== undefined) details.supplierSku = from.supplierSku;
  if (from.compareAtCents !== undefined) details.compareAtCents = from.compareAtCents;
  if (from.weightGrams !== undefined) details.weightGrams = from.weightGrams;
  if (from.weightUnit !== undefined) details.weightUnit = from.weightUnit;
  return details;
}

/** A variant's name: its values, "M / Red" ("" for a product's only variant). */
export function variantName(variant: Pick<VariantDoc, "values">): string {
  return variant.values.join(" / ");
}

export function findVariant(item: ProductLike, variantId: string): VariantDoc | undefined {
  return variantsOf(item).find((variant) => variant._id === variantId);
}

/** A product's running figures from its variants: stock at each location and the total. */
export function totalsOf(variants: readonly Pick<VariantDoc, "stock">[]): {
  stock: Record<string, number>;
  quantity: number;
} {
  const stock: Record<string, number> = {};
  for (const variant of variants) {
    for (const [locationId, units] of Object.entries(variant.stock))
      stock[locationId] = (stock[locationId] ?? 0) + units;
  }
  for (const [locationId, units] of Object.entries(stock)) if (units === 0) delete stock[locationId];
  return { stock, quantity: stockTotal(stock) };
}

/** What a product's own fields become when a variant's stock is now `stock`. */
export function withVariantStock(
  item: ProductLike,
  variantId: string,
  stock: Record<string, number>,
): { stock: Record<string, number>; quantity: number; variants?: VariantDoc[] } {
  if (!hasVariants(item)) return { stock, quantity: stockTotal(stock) };
  const variants = (item.variants as VariantDoc[]).map((variant) =>
    variant._id === variantId ? { ...variant, stock, quantity: stockTotal(stock) } : variant,
  );
  return { ...totalsOf(variants), variants };
}

/** Whether a variant is at or below its reorder point, in all or at a location with its own. */
export function isLowVariant(
  variant: Pick<VariantDoc, "quantity" | "reorderPoint"> & Partial<Pick<VariantDoc, "stock" | "locationReorderPoints">>,
): boolean {
  return isLowStock(variant);
}

/** The lowest price of a product's variants: what its catalogue row and sort show ("from"). */
export function lowestPrice(variants: readonly Pick<VariantDoc, "priceCents">[]): number {
  return variants.reduce((low, variant) => Math.min(low, variant.priceCents), Number.POSITIVE_INFINITY);
}

/** A variant as a person sets it (items.setVariants): an existing one by its id, a new one without. */
export interface VariantSpec extends VariantDetails {
  _id?: string;
  values: string[];
  sku: string;
  barcode: string;
  priceCents?: number;
  reorderPoint: number | null;
  locationReorderPoints?: Record<string, number>;
}

/** What a product's options and variants become. */
export interface VariantPlan {
  options: string[];
  /** [] when the product goes back to being its own only variant. */
  variants: VariantDoc[];
  /** The product's own fields that follow its variants. */
  own: {
    sku: string;
    barcode: string;
    priceCents: number;
    reorderPoint: number | null;
    locationReorderPoints: Record<string, number>;
    costCents: number | null;
    avgCostCents: number | null;
    supplierId: string | null;
    supplierSku: string;
    compareAtCents: number | null;
    weightGrams: number | null;
  };
}

const sameText = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: "accent" }) === 0;

/**
 * The product's options and variants after `options` and `specs`, checked:
 * one value per option, no combination twice, no SKU or barcode twice in
 * the product, no variant dropped while it holds stock. `newId` names new
 * variants (the call's seed, so stub and server agree).
 * @throws LiveError 400/409 in words a person can act on.
 */
export function planVariants(
  item: ProductLike & { title?: string },
  options: readonly string[],
  specs: readonly VariantSpec[],
  newId: () => string,
): VariantPlan {
  const names = options.map((name) => name.trim());
  if (names.length > LIMITS.OPTIONS) throw new LiveError(400, `A product has at most ${LIMITS.OPTIONS} options`);
  if (names.some((name) => name === "")) throw new LiveError(400, "Give each option a name, like Size");
  names.forEach((name, index) => {
    if (names.findIndex((other) => sameText(other, name)) !== index)
      throw new LiveError(400, `The option “${name}” is named twice`);
  });
  const before = variantsOf(item);
  if (names.length === 0) {
    // Back to a simple product: only when the stock left is the product's own.
    const holding = before.filter((variant) => variant.quantity > 0 && variant._id !== item._id);
    if (hasVariants(item) && holding.length > 0) {
      const first = holding[0] as VariantDoc;
      throw new LiveError(
        409,
        `${variantName(first)} still holds ${first.quantity}: move, sell or correct its stock to 0 before removing the options`,
      );
    }
    const own = before.find((variant) => variant._id === item._id) ?? before[0];
    return {
      options: [],
      variants: [],
      own: {
        sku: own?.sku ?? item.sku,
        barcode: own?.barcode ?? item.barcode ?? "",
        priceCents: own?.priceCents ?? item.priceCents,
        reorderPoint: own?.reorderPoint ?? null,
        locationReorderPoints: own?.locationReorderPoints ?? {},
        costCents: own?.costCents ?? null,
        avgCostCents: own?.avgCostCents ?? null,
        supplierId: own?.supplierId ?? null,
        supplierSku: own?.supplierSku ?? "",
        compareAtCents: own?.compareAtCents ?? null,
        weightGrams: own?.weightGrams ?? null,
      },
    };
  }
  if (specs.length === 0) throw new LiveError(400, "A product with options needs at least one variant");
  if (specs.length > LIMITS.VARIANTS) throw new LiveError(400, `A product has at most ${LIMITS.VARIANTS} variants`);
  const kept = new Map(before.map((variant) => [variant._id, variant]));
  // A simple product's stock stays with its first variant, which keeps the product's id.
  const firstTakesItem = !hasVariants(item) && !specs.some((spec) => spec._id === item._id);
  const seen = new Set<string>();
  const codes = new Map<string, string>();
  const variants = specs.map((spec, index): VariantDoc => {
    const values = spec.values.map((value) => value.trim());
    if (values.length !== names.length || values.some((value) => value === "")) {
      throw new LiveError(400, `Give variant ${index + 1} a value for each option (${names.join(", ")})`);
    }
    const key = values.map((value) => value.toLowerCase()).join("\u0000");
    if (seen.has(key)) throw new LiveError(400, `${values.join(" / ")} is listed twice`);
    seen.add(key);
    for (const code of [spec.sku, spec.barcode].map((text) => text.trim()).filter(Boolean)) {
      const other = codes.get(code.toLowerCase());
      if (other !== undefined) throw new LiveError(409, `${other} and ${values.join(" / ")} both have ${code}`);
      codes.set(code.toLowerCase(), values.join(" / "));
    }
    const id = spec._id ?? (index === 0 && firstTakesItem ? item._id : newId());
    const old = kept.get(id);
    if (spec._id !== undefined && !old) throw new LiveError(404, "That variant no longer exists; reload the product");
    // The product's first variant takes the codes (and cost, "was" price and weight) the product had, unless given its own.
    const inherits = id === item._id && firstTakesItem;
    // A new variant comes from the product's supplier unless given its own.
    const supplied = !old && !inherits && item.supplierId ? { supplierId: item.supplierId } : {};
    const details = { ...(inherits ? detailsOf(item) : supplied), ...detailsOf(old ?? {}), ...detailsOf(spec) };
    return {
      ...details,
      _id: id,
      values,
      sku: spec.sku.trim() || (inherits ? item.sku : ""),
      barcode: spec.barcode.trim() || (inherits ? (item.barcode ?? "") : ""),
      priceCents: spec.priceCents ?? old?.priceCents ?? item.priceCents,
      stock: old?.stock ?? {},
      quantity: old?.quantity ?? 0,
      reorderPoint: spec.reorderPoint,
      ...((spec.locationReorderPoints ?? old?.locationReorderPoints)
        ? { locationReorderPoints: spec.locationReorderPoints ?? old?.locationReorderPoints }
        : {}),
    };
  });
  const ids = new Set(variants.map((variant) => variant._id));
  for (const variant of before) {
    if (!ids.has(variant._id) && variant.quantity > 0) {
      const name = variantName(variant) || "This product";
      throw new LiveError(409, `${name} still holds ${variant.quantity}: move, sell or correct its stock to 0 first`);
    }
  }
  return {
    options: names,
    variants,
    // The codes, price and reorder point are the variants' own now; the product's row shows the lowest price.
    own: {
      sku: "",
      barcode: "",
      priceCents: lowestPrice(variants),
      reorderPoint: null,
      locationReorderPoints: {},
      costCents: null,
      avgCostCents: null,
      supplierId: null,
      supplierSku: "",
      compareAtCents: null,
      weightGrams: null,
    },
  };
}

/** What an edit of the product itself may carry that its variants own. */
type ProductPatch = Partial<
  Pick<
    ProductLike,
    | "quantity"
    | "sku"
    | "barcode"
    | "reorderPoint"
    | "priceCents"
    | "locationReorderPoints"
    | "costCents"
    | "supplierId"
    | "supplierSku"
    | "compareAtCents"
    | "weightGrams"
  >
>;

/**
 * What `items.update` does to a product sold in variants: its stock, codes
 * and reorder point are its variants', so changing them there is refused in
 * the words the app shows; a price set there becomes every variant's price.
 */
export function productEditFields(item: ProductLike, patch: ProductPatch): { variants?: VariantDoc[] } {
  const moved = (field: "quantity" | "sku" | "barcode" | "reorderPoint") =>
    patch[field] !== undefined && patch[field] !== item[field];
  const detailMoved = (["costCents", "compareAtCents", "weightGrams"] as const).some(
    (field) => patch[field] !== undefined && patch[field] !== (item[field] ?? null),
  );
  if (detailMoved) {
    throw new LiveError(409, "This product's costs, “was” prices and weights are its variants': edit a variant");
  }
  if (patch.supplierSku !== undefined && patch.supplierSku !== (item.supplierSku ?? "")) {
    throw new LiveError(409, "This product's supplier SKUs are its variants': edit a variant");
  }
  if (moved("quantity")) throw new LiveError(409, "This product's stock is kept by variant: change a variant's count");
  const pointsMoved =
    patch.locationReorderPoints !== undefined &&
    JSON.stringify(patch.locationReorderPoints) !== JSON.stringify(item.locationReorderPoints ?? {});
  if (moved("sku") || moved("barcode") || moved("reorderPoint") || pointsMoved) {
    throw new LiveError(409, "This product's SKUs, barcodes and reorder points are its variants': edit a variant");
  }
  // A price or a supplier set on the product becomes every variant's, as Shopify does with a price.
  const priced = patch.priceCents !== undefined && patch.priceCents !== item.priceCents;
  const supplied = patch.supplierId !== undefined && patch.supplierId !== (item.supplierId ?? null);
  if (!priced && !supplied) return {};
  return {
    variants: (item.variants ?? []).map((variant) => ({
      ...variant,
      ...(priced ? { priceCents: patch.priceCents as number } : {}),
      ...(supplied ? { supplierId: patch.supplierId ?? null } : {}),
    })),
  };
}

/** The checks of one variant's edit (`items.updateVariant`): its values and codes against its siblings'. */
export function checkVariantEdit(
  item: Pick<ProductLike, "options" | "variants">,
  next: VariantDoc,
  valuesChanged: boolean,
): void {
  const siblings = (item.variants ?? []).filter((each) => each._id !== next._id);
  if (valuesChanged) {
    const options = item.options ?? [];
    if (next.values.length !== options.length) {
      throw new LiveError(400, `Give a value for each option (${options.join(", ")})`);
    }
    const key = (values: readonly string[]) => values.map((value) => value.toLowerCase()).join("\u0000");
    if (siblings.some((each) => key(each.values) === key(next.values))) {
      throw new LiveError(409, `${variantName(next)} is already a variant of this product`);
    }
  }
  const codes = [next.sku, next.barcode].filter(Boolean).map((code) => code.toLowerCase());
  const twin = siblings.find((each) =>
    [each.sku, each.barcode].some((code) => code && codes.includes(code.toLowerCase())),
  );
  if (twin) throw new LiveError(409, `${variantName(twin)} already has that code`);
}
