/**
 * The rows of a CSV import as the room's writes see them (catalogue-import.ts,
 * docs/architecture.md §9): a row's codes, the variants its rows are, the
 * stock changes its counts make, and how a product's history shows them —
 * pure, read nothing.
 */
import {
  detailsOf,
  type ItemDoc,
  type VariantDoc,
  type VariantSpec,
  variantName,
  variantsOf,
} from "../../protocol/api";
import type { ImportChangeKind, ImportProblem, ImportProduct } from "../../protocol/variant-args";
import type { ItemRow } from "../db/room/room-schema";
import type { StockChange } from "./stock-moves";

export const IMPORT_NOTE = "Imported";

/** A row's codes, each with the column a problem about it names. */
export function codesOf(variant: ImportProduct["variants"][number]): [column: string, code: string][] {
  const codes: [string, string][] = [
    ["SKU", variant.sku],
    ["Barcode", variant.barcode],
  ];
  return codes.filter(([, code]) => code !== "");
}

/**
 * The stock changes a product's rows make (docs/stock.md): a row counted by
 * location sets each location it names to its count (and, with
 * `unnamedToZero`, the others it holds stock at to 0); a row with one count
 * sets the count at `quantityAt` (none: leaves stock as it is). Never a
 * total settled over locations: an import never moves units between them.
 */
export function countChanges(
  product: ImportProduct,
  variants: readonly VariantDoc[],
  locationIds: ReadonlyMap<string, string>,
  quantityAt: string | null,
  unnamedToZero: boolean,
): StockChange[] {
  return product.variants.flatMap((row, index) => {
    const variant = variants[index] as VariantDoc;
    const reason = { reason: "correction" as const, note: IMPORT_NOTE, variantId: variant._id };
    const set = (locationId: string, units: number): StockChange[] => {
      const delta = units - (variant.stock[locationId] ?? 0);
      return delta === 0 ? [] : [{ ...reason, locationId, delta }];
    };
    if (row.stock) {
      const named = new Set(Object.keys(row.stock).map((name) => locationIds.get(name.toLowerCase()) as string));
      const unnamed = unnamedToZero ? Object.keys(variant.stock).filter((id) => !named.has(id)) : [];
      return [
        ...Object.entries(row.stock).flatMap(([name, units]) =>
          set(locationIds.get(name.toLowerCase()) as string, units),
        ),
        ...unnamed.flatMap((locationId) => set(locationId, 0)),
      ];
    }
    if (row.quantity === undefined || quantityAt === null) return [];
    return set(quantityAt, row.quantity);
  });
}

/**
 * Stock the rows' variants hold at locations a file of counts by location
 * does not name (it stays there): units and variants, by location id.
 */
export function heldElsewhere(
  product: ImportProduct,
  variants: readonly VariantDoc[],
  locationIds: ReadonlyMap<string, string>,
): Map<string, { units: number; variants: number }> {
  const held = new Map<string, { units: number; variants: number }>();
  product.variants.forEach((row, index) => {
    if (!row.stock) return;
    const named = new Set(Object.keys(row.stock).map((name) => locationIds.get(name.toLowerCase())));
    for (const [locationId, units] of Object.entries((variants[index] as VariantDoc).stock)) {
      if (named.has(locationId) || units === 0) continue;
      const sum = held.get(locationId) ?? { units: 0, variants: 0 };
      held.set(locationId, { units: sum.units + units, variants: sum.variants + 1 });
    }
  });
  return held;
}

/** How a product already in the room changes, by kind (what a check says: "3 prices change"). */
export function changeKinds(before: ItemDoc, after: ItemDoc): ImportChangeKind[] {
  const kinds: ImportChangeKind[] = [];
  const differs = (a: unknown, b: unknown) => JSON.stringify(a) !== JSON.stringify(b);
  if (before.title !== after.title) kinds.push("title");
  if (before.description !== after.description) kinds.push("description");
  if (before.status !== after.status) kinds.push("status");
  if (before.location !== after.location) kinds.push("shelf");
  if (differs(before.tags, after.tags)) kinds.push("tags");
  if (before.currency !== after.currency) kinds.push("currency");
  const was = variantsOf(before);
  const now = variantsOf(after);
  const pick = (list: readonly VariantDoc[], field: keyof VariantDoc) => list.map((variant) => variant[field]);
  if (differs(pick(was, "sku"), pick(now, "sku")) || differs(pick(was, "barcode"), pick(now, "barcode"))) {
    kinds.push("codes");
  }
  if (differs(pick(was, "priceCents"), pick(now, "priceCents"))) kinds.push("prices");
  if (differs(pick(was, "costCents"), pick(now, "costCents"))) kinds.push("costs");
  if (
    differs(pick(was, "supplierId"), pick(now, "supplierId")) ||
    differs(pick(was, "supplierSku"), pick(now, "supplierSku"))
  ) {
    kinds.push("suppliers");
  }
  const details = ["vendor", "productType", "seoTitle", "seoDescription"] as const;
  if (
    details.some((field) => (before[field] ?? "") !== (after[field] ?? "")) ||
    (["compareAtCents", "weightGrams", "weightUnit"] as const).some((field) =>
      differs(pick(was, field), pick(now, field)),
    )
  ) {
    kinds.push("details");
  }
  if (differs(pick(was, "reorderPoint"), pick(now, "reorderPoint"))) kinds.push("reorder points");
  if (differs(before.options, after.options) || differs(pick(was, "values"), pick(now, "values"))) {
    kinds.push("variants");
  }
  if (differs(pick(was, "stock"), pick(now, "stock"))) kinds.push("stock");
  return kinds;
}

/** The variants the file's rows are, matched to those the product has (by SKU, else by values). */
export function specsFor(product: ImportProduct, doc: ItemDoc | null): VariantSpec[] {
  const have = doc?.variants ?? [];
  const used = new Set<string>();
  const key = (values: readonly string[]) => values.map((value) => value.toLowerCase()).join("\u0000");
  const specs = product.variants.map((row): VariantSpec => {
    const match = have.find(
      (variant) =>
        !used.has(variant._id) &&
        ((row.sku && variant.sku.toLowerCase() === row.sku.toLowerCase()) || key(variant.values) === key(row.values)),
    );
    if (match) used.add(match._id);
    return {
      ...(match ? { _id: match._id } : {}),
      values: row.values,
      sku: row.sku || match?.sku || "",
      barcode: row.barcode || match?.barcode || "",
      ...(row.priceCents !== undefined ? { priceCents: row.priceCents } : {}),
      reorderPoint: row.reorderPoint !== undefined ? row.reorderPoint : (match?.reorderPoint ?? null),
      ...detailsOf(row),
    };
  });
  // Variants the file does not mention stay as they are.
  const kept = have.filter((variant) => !used.has(variant._id)).map((variant) => ({ ...variant }));
  return [...specs, ...kept];
}

export const COMPARED = [
  "title",
  "description",
  "status",
  "location",
  "tags",
  "currency",
  "sku",
  "barcode",
  "priceCents",
  "reorderPoint",
  "quantity",
  "options",
  "costCents",
  "supplierId",
  "supplierSku",
  "compareAtCents",
  "weightGrams",
  "weightUnit",
  "vendor",
  "productType",
  "seoTitle",
  "seoDescription",
] as const;

/** A product's variants as its history shows them: name, codes, price, count. */
export function variantSummary(variants: readonly VariantDoc[]): string[] {
  return variants.map((variant) =>
    [
      variantName(variant),
      variant.sku,
      variant.barcode,
      variant.priceCents,
      variant.quantity,
      variant.reorderPoint,
      ...(variant.costCents != null ? [`cost ${variant.costCents}`] : []),
    ].join(" · "),
  );
}

export function emptyRow(roomId: string, id: string, at: number): ItemRow {
  return {
    id,
    roomId,
    title: "",
    description: "",
    sku: "",
    priceCents: 0,
    currency: "USD",
    quantity: 0,
    status: "draft",
    location: "",
    tags: "[]",
    photos: "[]",
    storeProductId: "",
    createdBy: "",
    updatedBy: "",
    createdAt: at,
    updatedAt: at,
    stock: "{}",
    barcode: "",
    reorderPoint: null,
    options: "[]",
    variants: "[]",
    handle: "",
    locationReorderPoints: "{}",
    costCents: null,
    avgCostCents: null,
    supplierId: null,
    supplierSku: "",
    compareAtCents: null,
    weightGrams: null,
    weightUnit: "g",
    vendor: "",
    productType: "",
    seoTitle: "",
    seoDescription: "",
    shareCode: "",
  };
}

/** A SKU or barcode an earlier row of the part has too (the room's unique codes would refuse it). */
export function repeatedCode(product: ImportProduct, seen: Map<string, number>): ImportProblem | null {
  for (const variant of product.variants) {
    for (const [column, code] of codesOf(variant)) {
      const earlier = seen.get(code.toLowerCase());
      if (earlier !== undefined) return { row: variant.row, column, message: `${code} is also on row ${earlier}` };
      seen.set(code.toLowerCase(), variant.row);
    }
  }
  return null;
}
