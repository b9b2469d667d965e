/**
 * The catalogue as Shopify's own product CSV (_Download CSV → For Shopify_):
 * the headers Shopify's product import reads (its classic template, which
 * it still takes), its status values, one row per variant grouped by
 * handle, the product's own fields on its first row. A product without
 * options is Shopify's "Title: Default Title". The description goes as
 * HTML (escaped text in paragraphs, line breaks kept). Stock goes as
 * `Variant Inventory Qty`, the variant's count over all locations, as
 * Shopify's product file has it for a store of one location; a shop of
 * several brings stock per location with its inventory file. A photo that
 * came from an address (an import's Image Src) goes with that address, as
 * Shopify writes images: the n-th on the product's n-th row, the rest on
 * rows of their own; a photo taken here has no public address, and reaches
 * the store by publishing.
 */
import { type ItemDoc, type ItemStatus, LIMITS, variantsOf } from "../../protocol/api";
import { csvLine } from "../../protocol/csv";
import type { PhotoSource } from "../../protocol/files";
import { handlesOf, money } from "./catalogue-csv";

/** Where a photo came from, as the Image Src and Image Alt Text columns name it. */
type ImageSource = Pick<PhotoSource, "url" | "alt">;

export const SHOPIFY_COLUMNS = [
  "Handle",
  "Title",
  "Body (HTML)",
  "Vendor",
  "Type",
  "Tags",
  "Published",
  ...Array.from({ length: LIMITS.OPTIONS }, (_, i) => [`Option${i + 1} Name`, `Option${i + 1} Value`]).flat(),
  "Variant SKU",
  "Variant Inventory Tracker",
  "Variant Inventory Qty",
  "Variant Inventory Policy",
  "Variant Fulfillment Service",
  "Variant Price",
  "Variant Compare At Price",
  "Variant Requires Shipping",
  "Variant Taxable",
  "Variant Barcode",
  "Image Src",
  "Image Position",
  "Image Alt Text",
  "Gift Card",
  "SEO Title",
  "SEO Description",
  "Variant Grams",
  "Variant Weight Unit",
  "Cost per item",
  "Status",
] as const;

/** Stockroom's statuses in Shopify's words: only a listed product is on sale there. */
const SHOPIFY_STATUS: Record<ItemStatus, string> = {
  draft: "draft",
  ready: "draft",
  listed: "active",
  sold: "archived",
  archived: "archived",
};

const escapeHtml = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");

/** Plain text as Shopify's Body (HTML): a paragraph per blank-line block, its lines kept. */
export function descriptionHtml(text: string): string {
  return text
    .split(/\n{2,}/)
    .map((block) => block.trim())
    .filter(Boolean)
    .map((block) => `<p>${escapeHtml(block).replaceAll("\n", "<br>")}</p>`)
    .join("");
}

/**
 * The tags as one cell, one that a spreadsheet would run as a formula not
 * first when another can lead: the cell then needs no apostrophe to keep
 * it text (protocol/csv.ts), which Shopify would keep as part of the tag.
 */
function tagsCell(tags: readonly string[]): string {
  const runs = (tag: string) => /^[=+\-@]/.test(tag);
  return [...tags.filter((tag) => !runs(tag)), ...tags.filter(runs)].join(", ");
}

function productRows(item: ItemDoc, handle: string, sources: ReadonlyMap<string, ImageSource>): string[] {
  const options = item.options?.length ? item.options : ["Title"];
  const images = item.photos.flatMap((photo) => {
    const source = sources.get(photo);
    return source ? [source] : [];
  });
  const imageCells = (index: number) => {
    const image = images[index];
    return image ? [image.url, index + 1, image.alt] : ["", "", ""];
  };
  const variants = variantsOf(item);
  const rows = variants.map((variant, index) => {
    const first = index === 0;
    const values = item.options?.length ? variant.values : ["Default Title"];
    const optionCells = Array.from({ length: LIMITS.OPTIONS }, (_, i) => [
      first && i < options.length ? options[i] : "",
      values[i] ?? "",
    ]).flat();
    return csvLine([
      handle,
      first ? item.title : "",
      first ? descriptionHtml(item.description) : "",
      first ? (item.vendor ?? "") : "",
      first ? (item.productType ?? "") : "",
      first ? tagsCell(item.tags) : "",
      first ? (item.status === "listed" ? "TRUE" : "FALSE") : "",
      ...optionCells,
      variant.sku,
      "shopify",
      variant.quantity,
      "deny",
      "manual",
      (variant.priceCents / 100).toFixed(2),
      money(variant.compareAtCents),
      "TRUE",
      "TRUE",
      variant.barcode,
      ...imageCells(index),
      first ? "FALSE" : "",
      first ? (item.seoTitle ?? "") : "",
      first ? (item.seoDescription ?? "") : "",
      variant.weightGrams ?? "",
      variant.weightGrams != null ? (variant.weightUnit ?? "g") : "",
      money(variant.costCents),
      first ? SHOPIFY_STATUS[item.status] : "",
    ]);
  });
  // Photos past the product's rows: a row of their own each, only the handle and the image.
  const blanksBefore = SHOPIFY_COLUMNS.indexOf("Image Src") - 1;
  const blanksAfter = SHOPIFY_COLUMNS.length - SHOPIFY_COLUMNS.indexOf("Image Alt Text") - 1;
  for (let index = variants.length; index < images.length; index++) {
    rows.push(csvLine([handle, ...Array(blanksBefore).fill(""), ...imageCells(index), ...Array(blanksAfter).fill("")]));
  }
  return rows;
}

export function shopifyProductCsv(
  items: readonly ItemDoc[],
  sources: ReadonlyMap<string, ImageSource> = new Map(),
): string {
  const handles = handlesOf(items);
  return (
    csvLine(SHOPIFY_COLUMNS) +
    items.flatMap((item) => productRows(item, handles.get(item._id) as string, sources)).join("")
  );
}
