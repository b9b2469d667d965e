/**
 * The rows of one handle made into one product with its variants, as
 * `items.import` takes it (protocol/variant-args.ts), with every problem
 * that would keep it out: a title missing on its first row, an option value
 * missing, a combination twice, rows past a product's limits. The last
 * check is the method's own schema, so a product that passes here is never
 * the reason a whole part is refused. A cell that cannot be kept (a barcode
 * a spreadsheet shortened, or whose check digit is wrong) is left empty and
 * noted: its product still comes.
 */
import * as v from "valibot";
import { LIMITS } from "../../../protocol/api";
import { parseBarcode } from "../../../protocol/barcodes";
import {
  type ImportProblem,
  type ImportProduct,
  type ImportVariant,
  importProductSchema,
} from "../../../protocol/variant-args";
import { type FieldKey, type Mapping, OPTION_NUMBERS } from "./import-fields";
import { columnName, type RowValues } from "./read-row";

export interface ProductDraft {
  /** Its first row's number. */
  row: number;
  /** The numbers of all its rows. */
  rows: number[];
  product: ImportProduct;
  /** What keeps it out; none for a product that goes in. */
  problems: ImportProblem[];
  /** Cells left empty or worth a look (`kept`): the product comes all the same. */
  notes: ImportProblem[];
}

/** A photo a product's rows name by address: its row, its place among the product's, its alt text. */
export interface ProductImage {
  url: string;
  position: number;
  alt: string;
  row: number;
}

/** The product's photos in the file's order of position, each address once, as many as a product holds. */
function imagesOf(rows: readonly RowValues[], more: readonly ProductImage[]): ImportProduct["images"] {
  const all = [...rows.flatMap((row) => (row.image ? [{ ...row.image, row: row.row }] : [])), ...more].sort(
    (a, b) => a.position - b.position || a.row - b.row,
  );
  const seen = new Set<string>();
  const images = all.filter((image) => !seen.has(image.url) && seen.add(image.url));
  return images.slice(0, LIMITS.PHOTOS).map(({ url, alt, row }) => ({ url, alt, row }));
}

export interface DraftContext {
  headers: readonly string[];
  mapping: Mapping;
}

/** Shopify's one variant of a product without options: option "Title", value "Default Title". */
const isShopifyDefault = (names: readonly string[], rows: readonly RowValues[]) =>
  names.length === 1 &&
  names[0]?.toLowerCase() === "title" &&
  rows.every((row) => ["", "default title"].includes((row.optionValues[0] ?? "").toLowerCase()));

/** The option names: those of the first row naming any, up to the first blank (a gap is a problem). */
function optionNames(rows: readonly RowValues[], problem: (row: number, field: FieldKey, message: string) => void) {
  const source = rows.find((row) => row.optionNames.some(Boolean)) ?? (rows[0] as RowValues);
  const names: string[] = [];
  for (const [index, name] of source.optionNames.entries()) {
    if (!name) continue;
    if (names.length < index) {
      problem(source.row, `option${index + 1}Name` as FieldKey, `names an option, but Option${index} Name is blank`);
    }
    names.push(name);
  }
  if (isShopifyDefault(names, rows)) return { names: [] as string[], source };
  return { names, source };
}

/** One variant from its row: its option values, codes, price and counts. */
function variantOf(row: RowValues, values: string[]): ImportVariant {
  const variant: ImportVariant = { row: row.row, values, sku: row.sku, barcode: row.barcode };
  if (row.priceCents !== undefined) variant.priceCents = row.priceCents;
  // Counts by location where the file names them; a total otherwise (settled over the locations by the server).
  if (row.stock) variant.stock = row.stock;
  else if (row.quantity !== undefined) variant.quantity = row.quantity;
  if (row.reorderPoint !== undefined) variant.reorderPoint = row.reorderPoint;
  if (row.costCents !== undefined) variant.costCents = row.costCents;
  if (row.compareAtCents !== undefined) variant.compareAtCents = row.compareAtCents;
  if (row.supplier !== undefined) variant.supplier = row.supplier;
  if (row.supplierSku !== undefined) variant.supplierSku = row.supplierSku;
  if (row.weightGrams !== undefined) variant.weightGrams = row.weightGrams;
  if (row.weightUnit !== undefined) variant.weightUnit = row.weightUnit;
  return variant;
}

export function draftProduct(
  handle: string,
  rows: readonly RowValues[],
  context: DraftContext,
  moreImages: readonly ProductImage[] = [],
): ProductDraft {
  const first = rows[0] as RowValues;
  const problems: ImportProblem[] = rows.flatMap((row) => row.problems.filter((each) => !each.kept));
  const notes: ImportProblem[] = rows.flatMap((row) => row.problems.filter((each) => each.kept));
  const problem = (row: number, field: FieldKey, message: string) =>
    problems.push({ row, column: columnName(context.headers, context.mapping, field), message });
  const leftEmpty = (row: number, field: FieldKey, message: string) =>
    notes.push({ row, column: columnName(context.headers, context.mapping, field), message, kept: true });
  // With no title column, a product is called by its handle.
  const title = context.mapping.columns.title === null ? first.handle : first.title;
  if (!title) problem(first.row, "title", "missing: a product's first row needs its title");
  const name = title || handle;
  const { names, source } = optionNames(rows, problem);

  const seen = new Map<string, number>();
  const variants = rows.map((row, index) => {
    const values = names.map((option, i) => {
      const value = row.optionValues[i] ?? "";
      if (!value) problem(row.row, `option${i + 1}Value` as FieldKey, `missing: “${name}” has the option ${option}`);
      return value;
    });
    if (names.length > 0) {
      for (const n of OPTION_NUMBERS.slice(names.length)) {
        const stray = row.optionValues[n - 1];
        if (stray) {
          problem(
            row.row,
            `option${n}Value`,
            `“${stray}” is given, but “${name}” names no option ${n} (Option${n} Name on row ${source.row})`,
          );
        }
      }
      const key = values.map((value) => value.toLowerCase()).join("\u0000");
      const earlier = seen.get(key);
      if (earlier !== undefined) problem(row.row, "option1Value", `${values.join(" / ")} is on row ${earlier} too`);
      else seen.set(key, row.row);
    } else if (index > 0) {
      if (row.handle) {
        problem(
          row.row,
          "option1Name",
          `“${name}” has more than one row but no options: name its option (like Size) in Option1 Name on row ${first.row}`,
        );
      } else {
        problem(
          row.row,
          "title",
          `missing: a row with no title or handle is read as another variant of “${name}” (row ${first.row}), which has no options`,
        );
      }
    }
    let barcode = row.barcode;
    if (/^\d+([.,]\d+)?e\+?\d+$/i.test(barcode)) {
      // Excel shows a long number as 4.00638E+12 and saves it so: the barcode's digits are lost.
      leftEmpty(
        row.row,
        "barcode",
        `“${barcode}” is a number a spreadsheet shortened; left empty (type the barcode again in a column formatted as text)`,
      );
      barcode = "";
    } else if (barcode) {
      const check = parseBarcode(barcode);
      if (!check.ok) leftEmpty(row.row, "barcode", `${check.message} Left empty.`);
      if (!check.ok) barcode = "";
    }
    return variantOf({ ...row, barcode }, values);
  });
  if (variants.length > LIMITS.VARIANTS) {
    problem(first.row, "handle", `“${name}” has ${variants.length} variants; a product has at most ${LIMITS.VARIANTS}`);
  }

  const product: ImportProduct = { row: first.row, handle, title, options: names, variants };
  if (first.description !== undefined) product.description = first.description;
  if (first.status !== undefined) product.status = first.status;
  if (first.shelf !== undefined) product.location = first.shelf;
  if (first.tags !== undefined) product.tags = first.tags;
  if (first.currency !== undefined) product.currency = first.currency;
  const images = imagesOf(rows, moreImages);
  if (images?.length) product.images = images;
  for (const field of ["vendor", "productType", "seoTitle", "seoDescription"] as const) {
    const value = first[field];
    if (value !== undefined) product[field] = value;
  }
  if (problems.length === 0) {
    const checked = v.safeParse(importProductSchema, product);
    if (!checked.success) {
      const issue = checked.issues[0];
      problems.push({ row: first.row, column: "", message: issue.message });
    }
  }
  return { row: first.row, rows: rows.map((row) => row.row), product, problems, notes };
}
