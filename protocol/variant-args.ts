/**
 * What the variant methods and the CSV import take (protocol/variants.ts,
 * docs/architecture.md §9), checked on both sides.
 */
import * as v from "valibot";
import { ITEM_STATUSES } from "./catalogue";
import { takes } from "./contract";
import type { QuantityMeanwhile } from "./docs";
import {
  barcodeSchema,
  currencySchema,
  locationReorderPointsSchema,
  optionalMoneySchema,
  priceSchema,
  quantitySchema,
  reorderPointSchema,
  trimmed,
  weightGramsSchema,
  weightUnitSchema,
} from "./field-schemas";
import { idSchema } from "./id-schema";
import { LIMITS } from "./limits";
import { SUPPLIER_LIMITS } from "./supplier-args";

/** The method names of variants and imports: the wire names both sides call them by. */
export const VARIANT_METHOD = {
  /** Sets a product's options (Size, Colour…) and its variants; stock stays with the variants kept. */
  ITEMS_SET_VARIANTS: "items.setVariants",
  /** Edits one variant (its values, SKU, barcode, price, reorder point; a count records a correction). */
  ITEMS_UPDATE_VARIANT: "items.updateVariant",
  /** One part of a CSV import (products with their variants): created or updated by handle and SKU in one transaction. */
  ITEMS_IMPORT: "items.import",
  /** A piece of a file's products, kept on the server for the check and the import (`items.importRun`). */
  ITEMS_IMPORT_STAGE: "items.importStage",
  /** Checks or imports the products sent with `items.importStage`, as a bulk job on the server. */
  ITEMS_IMPORT_RUN: "items.importRun",
} as const;

const optionNameSchema = v.pipe(trimmed(LIMITS.OPTION_NAME, "An option's name"), v.nonEmpty("Give each option a name"));
const optionValueSchema = v.pipe(trimmed(LIMITS.OPTION_VALUE, "An option's value"), v.nonEmpty("Give each value"));
const skuSchema = trimmed(LIMITS.SKU, "SKU");

export const variantSpecSchema = v.strictObject({
  _id: v.optional(idSchema),
  values: v.pipe(v.array(optionValueSchema), v.maxLength(LIMITS.OPTIONS)),
  sku: v.optional(skuSchema, ""),
  barcode: v.optional(barcodeSchema, ""),
  priceCents: v.optional(priceSchema),
  reorderPoint: v.optional(v.nullable(reorderPointSchema), null),
  locationReorderPoints: v.optional(locationReorderPointsSchema),
  costCents: v.optional(optionalMoneySchema),
  supplierId: v.optional(v.nullable(idSchema)),
  supplierSku: v.optional(skuSchema),
  compareAtCents: v.optional(optionalMoneySchema),
  weightGrams: v.optional(weightGramsSchema),
  weightUnit: v.optional(weightUnitSchema),
  /**
   * A count typed for it at one location (the variant editor's Count
   * column): set there as a correction, with what the person saw there
   * (`seen`: a change made meanwhile is kept, docs/stock.md).
   */
  count: v.optional(
    v.strictObject({ locationId: idSchema, quantity: quantitySchema, seen: v.optional(quantitySchema) }),
  ),
});

export const variantSetSchema = v.strictObject({
  options: v.pipe(
    v.array(optionNameSchema),
    v.maxLength(LIMITS.OPTIONS, `A product has at most ${LIMITS.OPTIONS} options`),
  ),
  variants: v.pipe(
    v.array(variantSpecSchema),
    v.maxLength(LIMITS.VARIANTS, `A product has at most ${LIMITS.VARIANTS} variants`),
  ),
});
export type VariantSet = v.InferOutput<typeof variantSetSchema>;

/** One variant's fields as edited in place; a quantity records a correction. */
export const variantPatchSchema = v.strictObject({
  values: v.optional(v.pipe(v.array(optionValueSchema), v.maxLength(LIMITS.OPTIONS))),
  sku: v.optional(skuSchema),
  barcode: v.optional(barcodeSchema),
  priceCents: v.optional(priceSchema),
  reorderPoint: v.optional(v.nullable(reorderPointSchema)),
  locationReorderPoints: v.optional(locationReorderPointsSchema),
  costCents: v.optional(optionalMoneySchema),
  supplierId: v.optional(v.nullable(idSchema)),
  supplierSku: v.optional(skuSchema),
  compareAtCents: v.optional(optionalMoneySchema),
  weightGrams: v.optional(weightGramsSchema),
  weightUnit: v.optional(weightUnitSchema),
  quantity: v.optional(quantitySchema),
  /** The variant's total the person saw when typing `quantity` (see itemPatchSchema). */
  quantityWas: v.optional(quantitySchema),
});
export type VariantPatch = v.InferOutput<typeof variantPatchSchema>;

const rowSchema = v.pipe(v.number(), v.integer(), v.minValue(1));

/** A count a file gives: a whole number, below 0 for stock a store sold before it had it (oversold). */
const importCountSchema = v.pipe(
  v.number("Quantity must be a number"),
  v.integer("Quantity must be a whole number"),
  v.minValue(-LIMITS.QUANTITY, "Quantity is too far below 0"),
  v.maxValue(LIMITS.QUANTITY, "Quantity is too large"),
);

/** One CSV row that is a variant: its row number in the file (for problems), its values and figures. */
export const importVariantSchema = v.strictObject({
  row: rowSchema,
  values: v.pipe(v.array(optionValueSchema), v.maxLength(LIMITS.OPTIONS)),
  sku: v.optional(skuSchema, ""),
  barcode: v.optional(barcodeSchema, ""),
  priceCents: v.optional(priceSchema),
  /** The variant's count in all (settled over its locations), when the file has one. */
  quantity: v.optional(importCountSchema),
  /** Its count at named locations (Stockroom's own "Stock: <location>" columns); a missing location is added. */
  stock: v.optional(
    v.record(v.pipe(trimmed(LIMITS.LOCATION_NAME, "A location's name"), v.nonEmpty()), importCountSchema),
  ),
  reorderPoint: v.optional(v.nullable(reorderPointSchema)),
  /** What one costs the shop (Shopify's "Cost per item"), its "was" price, its weight; absent: left as it is. */
  costCents: v.optional(optionalMoneySchema),
  /** Its supplier by name (added to the room's suppliers when new; "" for none), and their code for it. */
  supplier: v.optional(trimmed(SUPPLIER_LIMITS.NAME, "A supplier's name")),
  /** The supplier's id, as the server resolves `supplier` (a client sends the name). */
  supplierId: v.optional(v.nullable(idSchema)),
  supplierSku: v.optional(skuSchema),
  compareAtCents: v.optional(optionalMoneySchema),
  weightGrams: v.optional(weightGramsSchema),
  weightUnit: v.optional(weightUnitSchema),
});
export type ImportVariant = v.InferOutput<typeof importVariantSchema>;

/** A photo a file names by address (Shopify's Image Src, with its position and alt text). */
export const importImageSchema = v.strictObject({
  url: v.pipe(
    v.string("An image address must be text"),
    v.trim(),
    v.maxLength(2_000, "An image address is at most 2,000 characters"),
    v.regex(/^https:\/\/[^\s]+$/i, "An image address starts with https://"),
  ),
  alt: v.optional(trimmed(512, "Image alt text"), ""),
  /** The file's row that names it. */
  row: rowSchema,
});
export type ImportImage = v.InferOutput<typeof importImageSchema>;

/** One product of a CSV file: the rows that share a handle. */
export const importProductSchema = v.strictObject({
  row: rowSchema,
  /** Shopify's handle (or one made from the title): a re-import finds the product by it. */
  handle: v.pipe(trimmed(255, "Handle"), v.nonEmpty("Every product needs a handle or a title")),
  title: v.pipe(trimmed(LIMITS.ITEM_TITLE, "Title"), v.nonEmpty("Title is required")),
  description: v.optional(trimmed(LIMITS.ITEM_TEXT, "Description")),
  status: v.optional(v.picklist(ITEM_STATUSES, "Unknown status")),
  location: v.optional(trimmed(LIMITS.LOCATION, "Shelf")),
  tags: v.optional(
    v.pipe(
      v.array(v.pipe(trimmed(LIMITS.TAG, "Tag"), v.nonEmpty("Tags cannot be empty"))),
      v.maxLength(LIMITS.TAGS, `At most ${LIMITS.TAGS} tags`),
    ),
  ),
  /** The currency of its prices; the room's when not given. */
  currency: v.optional(currencySchema),
  vendor: v.optional(trimmed(LIMITS.PRODUCT_WORD, "Vendor")),
  productType: v.optional(trimmed(LIMITS.PRODUCT_WORD, "Product type")),
  seoTitle: v.optional(trimmed(LIMITS.SEO_TITLE, "SEO title")),
  seoDescription: v.optional(trimmed(LIMITS.SEO_DESCRIPTION, "SEO description")),
  /** Its photos by address, in the file's order of position; brought in after the import (one row each). */
  images: v.optional(v.pipe(v.array(importImageSchema), v.maxLength(LIMITS.PHOTOS, `At most ${LIMITS.PHOTOS} photos`))),
  options: v.pipe(v.array(optionNameSchema), v.maxLength(LIMITS.OPTIONS, `At most ${LIMITS.OPTIONS} options`)),
  variants: v.pipe(
    v.array(importVariantSchema),
    v.minLength(1),
    v.maxLength(LIMITS.VARIANTS, `A product has at most ${LIMITS.VARIANTS} variants`),
  ),
});
export type ImportProduct = v.InferOutput<typeof importProductSchema>;

export const importPartSchema = v.pipe(
  v.strictObject({
    /** The same for every part of one file's import. */
    importId: idSchema,
    part: v.pipe(v.number(), v.integer(), v.minValue(0)),
    /** Only say what would happen: nothing is written. */
    dryRun: v.boolean(),
    products: v.array(importProductSchema),
    /**
     * Where a row's quantity (a count with no location, as Shopify's product
     * export has) is counted: a location's id, whose count is set to it;
     * null: stock is left as it is. The room's first location when not
     * given. An import never moves units between locations (docs/stock.md).
     */
    quantityAt: v.optional(v.nullable(idSchema)),
    /**
     * For counts by location (a Shopify inventory export, our own "Stock:"
     * columns): also set the locations the file does not name to 0 for the
     * variants it lists, when the file is the whole truth of their stock.
     */
    unnamedToZero: v.optional(v.boolean()),
  }),
  v.check(
    (input) => input.products.reduce((rows, product) => rows + product.variants.length, 0) <= LIMITS.IMPORT_PART,
    `Send at most ${LIMITS.IMPORT_PART} rows in one part`,
  ),
);
export type ImportPart = v.InferOutput<typeof importPartSchema>;

/** One piece of a file's products on its way to the server (in the file's order, `piece` 0, 1, 2…). */
export const importStageSchema = v.pipe(
  v.strictObject({
    importId: idSchema,
    piece: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(999, "A file is sent in at most 1,000 pieces")),
    products: v.array(importProductSchema),
  }),
  v.check(
    (input) => input.products.reduce((rows, product) => rows + product.variants.length, 0) <= LIMITS.IMPORT_PIECE,
    `Send at most ${LIMITS.IMPORT_PIECE} rows in one piece`,
  ),
);
export type ImportStage = v.InferOutput<typeof importStageSchema>;

/** The check (`dryRun`) or the import of a file's products sent before, run by the server as a bulk job. */
export const importRunSchema = v.strictObject({
  importId: idSchema,
  /** The bulk job's id: its progress is published under it (`bulkJobs`); sent again, the same run answers. */
  jobId: idSchema,
  dryRun: v.boolean(),
  quantityAt: v.optional(v.nullable(idSchema)),
  unnamedToZero: v.optional(v.boolean()),
});
export type ImportRun = v.InferOutput<typeof importRunSchema>;

/** A problem with one row of the file, in words: which row, which column, what is wrong. */
export interface ImportProblem {
  row: number;
  column: string;
  message: string;
  /**
   * The cell could not be kept as it is (a barcode a spreadsheet shortened)
   * and was left empty, or it is worth a look (an oversold count): its
   * product still comes. Without it, the product is left out.
   */
  kept?: boolean;
}

/** The problems that keep a product out (not those of cells left empty). */
export const blockingProblems = <T extends ImportProblem>(problems: readonly T[]): T[] =>
  problems.filter((problem) => !problem.kept);

/** What an import changes of the products already in the room, by kind: how many products each. */
export type ImportChangeKind =
  | "title"
  | "description"
  | "status"
  | "shelf"
  | "tags"
  | "currency"
  | "codes"
  | "prices"
  | "costs"
  | "suppliers"
  | "details"
  | "reorder points"
  | "variants"
  | "stock";

/** The stock an import sets at one location: units it adds (or takes, below 0), over how many variants. */
export interface ImportStockChange {
  location: string;
  units: number;
  variants: number;
}

/** What a part of an import did (or, in a dry run, would do). */
export interface ImportReport {
  created: number;
  updated: number;
  unchanged: number;
  /** Locations added for "Stock: <name>" columns naming one the room did not have. */
  locationsAdded: string[];
  /** Suppliers added for a "Supplier" column naming one the room did not have. */
  suppliersAdded: string[];
  problems: ImportProblem[];
  /** Of the updated products, how many change in each way ("prices": 3). */
  changes: Partial<Record<ImportChangeKind, number>>;
  /** The stock it sets, by location (by name); none: stock unchanged. */
  stock: ImportStockChange[];
  /**
   * Stock the file's variants hold at locations a file of counts by
   * location does not name: it stays there (unless `unnamedToZero`), so the
   * person can see it will be added to what the file counts.
   */
  elsewhere: ImportStockChange[];
}

/** What a check or an import run on the server did: its report, how far it got, and why it stopped, if it did. */
export interface ImportRunResult {
  report: ImportReport;
  /** Variant rows it got through. */
  done: number;
  total: number;
  error?: string;
}

/** A report of nothing yet: what a part starts from, and what the parts' reports are added to. */
export function emptyImportReport(): ImportReport {
  return {
    created: 0,
    updated: 0,
    unchanged: 0,
    locationsAdded: [],
    suppliersAdded: [],
    problems: [],
    changes: {},
    stock: [],
    elsewhere: [],
  };
}

export const VARIANT_METHODS = {
  [VARIANT_METHOD.ITEMS_SET_VARIANTS]: takes(v.tuple([idSchema, variantSetSchema])).answers<string[]>(),
  [VARIANT_METHOD.ITEMS_UPDATE_VARIANT]: takes(
    v.tuple([idSchema, idSchema, variantPatchSchema]),
  ).answers<QuantityMeanwhile | null>(),
  [VARIANT_METHOD.ITEMS_IMPORT]: takes(v.tuple([importPartSchema])).answers<ImportReport>(),
  [VARIANT_METHOD.ITEMS_IMPORT_STAGE]: takes(v.tuple([importStageSchema])).answers<{ rows: number }>(),
  [VARIANT_METHOD.ITEMS_IMPORT_RUN]: takes(v.tuple([importRunSchema])).answers<ImportRunResult>(),
} as const;
