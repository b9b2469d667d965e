/**
 * The catalogue as Shopify's own product CSV (_Download CSV → For Shopify_):
 * the headers Shopify's product import reads (its classic template, which
 * it still takes), its status values, one row per variant grouped by
 * handle, the product's own fields on its first row. A product without
 * options is Shopify's "Title: Default Title". The description goes as
 * HTML (escaped text in paragraphs, line breaks kept). Stock goes as
 * `Variant Inventory Qty`, the variant's count over all locations, as
 * Shopify's product file has it for a store of one location; a shop of
 * several brings stock per location with its inventory file.
 */
import { type ItemDoc, type ItemStatus, LIMITS, variantsOf } from "../../protocol/api";
import { csvLine } from "../../protocol/csv";
import { handlesOf, money } from "./catalogue-csv";

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

function productRows(item: ItemDoc, handle: string): string[] {
  const options = item.options?.length ? item.options : ["Title"];
  return variantsOf(item).map((variant, index) => {
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
      first ? item.tags.join(", ") : "",
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
      first ? "FALSE" : "",
      first ? (item.seoTitle ?? "") : "",
      first ? (item.seoDescription ?? "") : "",
      variant.weightGrams ?? "",
      variant.weightGrams != null ? (variant.weightUnit ?? "g") : "",
      money(variant.costCents),
      first ? SHOPIFY_STATUS[item.status] : "",
    ]);
  });
}

export function shopifyProductCsv(items: readonly ItemDoc[]): string {
  const handles = handlesOf(items);
  return (
    csvLine(SHOPIFY_COLUMNS) + items.flatMap((item) => productRows(item, handles.get(item._id) as string)).join("")
  );
}
