/**
 * The rows of a CSV import as the room's writes see them (catalogue-import.ts,
 * docs/architecture.md §9): a row's codes, the variants its rows are, the
 * stock changes its counts make, and how a product's history shows them —
 * pure, read nothing.
 */
import { type ItemDoc, settleTotal, type VariantDoc, type VariantSpec, variantName } from "../../protocol/api";
import type { ImportProblem, ImportProduct } from "../../protocol/variant-args";
import type { ItemRow } from "../db/room-schema";
import type { StockChange } from "../rooms/stock-moves";

export const IMPORT_NOTE = "Imported";

/** A row's codes, each with the column a problem about it names. */
export function codesOf(variant: ImportProduct["variants"][number]): [column: string, code: string][] {
  const codes: [string, string][] = [
    ["SKU", variant.sku],
    ["Barcode", variant.barcode],
  ];
  return codes.filter(([, code]) => code !== "");
}

/** The stock changes that bring each row's variant to its counts: by location where named, else settled. */
export function countChanges(
  product: ImportProduct,
  variants: readonly VariantDoc[],
  locationIds: ReadonlyMap<string, string>,
  home: string,
): StockChange[] {
  return product.variants.flatMap((row, index) => {
    const variant = variants[index] as VariantDoc;
    const reason = { reason: "correction" as const, note: IMPORT_NOTE, variantId: variant._id };
    if (row.stock) {
      return Object.entries(row.stock).flatMap(([name, units]) => {
        const locationId = locationIds.get(name.toLowerCase()) as string;
        const delta = units - (variant.stock[locationId] ?? 0);
        return delta === 0 ? [] : [{ ...reason, locationId, delta }];
      });
    }
    if (row.quantity === undefined) return [];
    return settleTotal(variant.stock, row.quantity, home).map((change) => ({ ...change, ...reason }));
  });
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
