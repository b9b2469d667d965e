/**
 * A store product as the room reads it — from the sync's GraphQL pages or
 * a `products/update` webhook's REST JSON — with its options and every
 * variant (docs/stock.md, "Variants both ways"). A product the store sells
 * as one item (Shopify's lone "Title: Default Title" variant) has no
 * options here, as an item of ours sold as one has none.
 */
import * as v from "valibot";
import { LIMITS, type WeightUnit } from "../../protocol/api";
import { parseBarcode } from "../../protocol/barcodes";
import { weightFromStore } from "./store-details";
import { cents, gid, htmlToText, readWith, text, time } from "./store-records";

/** One variant of a store product. */
export interface StoreProductVariant {
  variantId: string;
  /** Its inventory item ("" when the store did not say). */
  inventoryItemId: string;
  /** One value per option of the product, in their order ([] for a product sold as one item). */
  values: string[];
  sku: string;
  barcode: string;
  priceCents: number;
  /** Available, summed over the store's locations. */
  quantity: number;
  /** Its "was" price (null for none), cost and weight; undefined where the store did not say. */
  compareAtCents?: number | null;
  costCents?: number | null;
  weightGrams?: number | null;
  weightUnit?: WeightUnit;
}

/** A store product: its own fields, its options and variants; the first variant's fields repeated for one sold as one item. */
export interface StoreProduct
  extends Omit<
    StoreProductVariant,
    "values" | "barcode" | "compareAtCents" | "costCents" | "weightGrams" | "weightUnit"
  > {
  productId: string;
  /** "" when the store did not say (webhooks send it; so does the sync). */
  handle: string;
  title: string;
  description: string;
  status: "ACTIVE" | "DRAFT" | "ARCHIVED" | "UNLISTED";
  updatedAt: number;
  /** Its option names; [] for a product sold as one item. */
  options: string[];
  variants: StoreProductVariant[];
  /** Where the rest of its variants start when the page held only the first ones (store-sync.ts reads them); else null. */
  moreVariantsAfter: string | null;
  /** Its vendor, type and SEO; undefined where the store did not say (a webhook has no SEO). */
  vendor?: string;
  productType?: string;
  seoTitle?: string;
  seoDescription?: string;
}

/** Shopify's name for the value of a product sold as one item. */
const DEFAULT_TITLE = "Default Title";

const quantity = v.pipe(
  v.optional(v.nullable(v.number()), 0),
  v.transform((value) => Math.min(LIMITS.QUANTITY, Math.max(0, Math.trunc(value ?? 0)))),
);
const productStatus = v.picklist(["ACTIVE", "DRAFT", "ARCHIVED", "UNLISTED"]);
const title = v.pipe(
  v.string(),
  v.transform((value) => value.trim().slice(0, LIMITS.ITEM_TITLE).trim()),
);
/** The store takes any text as a barcode; one we could not print or scan is left out (the variant still comes). */
const barcode = v.pipe(
  text(200),
  v.transform((value) => (value && parseBarcode(value).ok ? value : "")),
);
const optionValue = v.pipe(
  v.optional(v.nullable(v.string()), ""),
  v.transform((value) => (value ?? "").trim().slice(0, LIMITS.OPTION_VALUE).trim()),
);

/** The product as an item sees it: options and variants, a lone "Default Title" variant being the product itself. */
function productOf(
  fields: Omit<
    StoreProduct,
    "options" | "variants" | "variantId" | "inventoryItemId" | "sku" | "priceCents" | "quantity"
  >,
  options: string[],
  variants: StoreProductVariant[],
): StoreProduct {
  const [first] = variants;
  const soldAsOne =
    variants.length <= 1 && (options.length === 0 || (options.length === 1 && first?.values[0] === DEFAULT_TITLE));
  const kept = soldAsOne ? variants.map((variant) => ({ ...variant, values: [] })) : variants;
  return {
    ...fields,
    options: soldAsOne ? [] : options.slice(0, LIMITS.OPTIONS),
    variants: kept,
    variantId: first?.variantId ?? "",
    inventoryItemId: first?.inventoryItemId ?? "",
    priceCents: first?.priceCents ?? 0,
    sku: first?.sku ?? "",
    quantity: first?.quantity ?? 0,
  };
}

const pageInfo = v.object({ hasNextPage: v.boolean(), endCursor: v.nullable(v.string()) });

const variantNode = v.object({
  id: gid,
  sku: text(LIMITS.SKU),
  barcode,
  price: v.optional(cents, "0"),
  compareAtPrice: v.nullish(cents),
  inventoryQuantity: quantity,
  selectedOptions: v.optional(v.array(v.object({ value: optionValue })), []),
  inventoryItem: v.nullish(
    v.object({
      id: gid,
      unitCost: v.nullish(v.object({ amount: cents })),
      measurement: v.nullish(
        v.object({ weight: v.nullish(v.object({ value: v.number(), unit: v.optional(v.string(), "GRAMS") })) }),
      ),
    }),
  ),
});

export const variantsConnection = v.object({
  nodes: v.array(variantNode),
  pageInfo: v.optional(pageInfo, { hasNextPage: false, endCursor: null }),
});

/** A variant as the GraphQL API answers it. */
export function variantFromNode(node: v.InferOutput<typeof variantNode>): StoreProductVariant {
  return {
    variantId: node.id,
    inventoryItemId: node.inventoryItem?.id ?? "",
    values: node.selectedOptions.map((option) => option.value),
    sku: node.sku,
    barcode: node.barcode,
    priceCents: Math.min(node.price, LIMITS.PRICE_CENTS),
    quantity: node.inventoryQuantity,
    ...(node.compareAtPrice !== undefined ? { compareAtCents: capped(node.compareAtPrice) } : {}),
    ...(node.inventoryItem ? { costCents: capped(node.inventoryItem.unitCost?.amount ?? null) } : {}),
    ...weightOf(node.inventoryItem?.measurement?.weight?.value, node.inventoryItem?.measurement?.weight?.unit),
  };
}

const capped = (amount: number | null | undefined) => (amount == null ? null : Math.min(amount, LIMITS.PRICE_CENTS));

/** A weight the store gives, in grams and our unit; nothing when it gives none. */
function weightOf(value: number | null | undefined, unit: string | null | undefined) {
  const weight = weightFromStore(value, unit);
  return weight ?? {};
}

const productNode = v.object({
  id: gid,
  handle: text(255),
  title,
  descriptionHtml: text(LIMITS.ITEM_TEXT * 2),
  status: productStatus,
  updatedAt: time,
  vendor: v.optional(text(LIMITS.PRODUCT_WORD)),
  productType: v.optional(text(LIMITS.PRODUCT_WORD)),
  seo: v.nullish(v.object({ title: text(LIMITS.SEO_TITLE), description: text(LIMITS.SEO_DESCRIPTION) })),
  options: v.optional(v.array(v.object({ name: text(LIMITS.OPTION_NAME) })), []),
  variants: variantsConnection,
});

const readProductNode = readWith(productNode, "product");

export function readProduct(node: unknown): StoreProduct {
  const product = readProductNode(node);
  const { hasNextPage, endCursor } = product.variants.pageInfo;
  return productOf(
    {
      productId: product.id,
      handle: product.handle,
      title: product.title,
      description: htmlToText(product.descriptionHtml).slice(0, LIMITS.ITEM_TEXT).trim(),
      status: product.status,
      updatedAt: product.updatedAt,
      moreVariantsAfter: hasNextPage ? endCursor : null,
      ...(product.vendor !== undefined ? { vendor: product.vendor } : {}),
      ...(product.productType !== undefined ? { productType: product.productType } : {}),
      ...(product.seo ? { seoTitle: product.seo.title, seoDescription: product.seo.description } : {}),
    },
    product.options.map((option) => option.name),
    product.variants.nodes.map(variantFromNode),
  );
}

/** The same product as its webhooks send it (REST JSON, numeric ids). */
const webhookProduct = v.looseObject({
  id: v.union([v.string(), v.number()]),
  admin_graphql_api_id: v.optional(gid),
  handle: text(255),
  title,
  body_html: text(LIMITS.ITEM_TEXT * 2),
  status: v.pipe(
    v.string(),
    v.transform((value) => value.toUpperCase()),
    productStatus,
  ),
  updated_at: time,
  vendor: v.optional(text(LIMITS.PRODUCT_WORD)),
  product_type: v.optional(text(LIMITS.PRODUCT_WORD)),
  options: v.optional(v.array(v.looseObject({ name: text(LIMITS.OPTION_NAME) })), []),
  variants: v.optional(
    v.array(
      v.looseObject({
        id: v.union([v.string(), v.number()]),
        admin_graphql_api_id: v.optional(gid),
        sku: text(LIMITS.SKU),
        barcode,
        price: v.optional(cents, "0"),
        compare_at_price: v.nullish(cents),
        weight: v.nullish(v.number()),
        weight_unit: v.nullish(v.string()),
        inventory_quantity: quantity,
        inventory_item_id: v.nullish(v.union([v.string(), v.number()])),
        option1: optionValue,
        option2: optionValue,
        option3: optionValue,
      }),
    ),
    [],
  ),
});

export function productFromWebhook(payload: unknown): StoreProduct | null {
  const parsed = v.safeParse(webhookProduct, payload);
  if (!parsed.success) return null;
  const product = parsed.output;
  const options = product.options.map((option) => option.name);
  return productOf(
    {
      productId: product.admin_graphql_api_id ?? `gid://shopify/Product/${product.id}`,
      handle: product.handle,
      title: product.title,
      description: htmlToText(product.body_html).slice(0, LIMITS.ITEM_TEXT).trim(),
      status: product.status,
      updatedAt: product.updated_at,
      moreVariantsAfter: null,
      ...(product.vendor !== undefined ? { vendor: product.vendor } : {}),
      ...(product.product_type !== undefined ? { productType: product.product_type } : {}),
    },
    options,
    product.variants.map((variant) => ({
      variantId: variant.admin_graphql_api_id ?? `gid://shopify/ProductVariant/${variant.id}`,
      inventoryItemId:
        variant.inventory_item_id != null ? `gid://shopify/InventoryItem/${variant.inventory_item_id}` : "",
      values: [variant.option1, variant.option2, variant.option3].slice(0, options.length),
      sku: variant.sku,
      barcode: variant.barcode,
      priceCents: Math.min(variant.price, LIMITS.PRICE_CENTS),
      quantity: variant.inventory_quantity,
      ...(variant.compare_at_price !== undefined ? { compareAtCents: capped(variant.compare_at_price) } : {}),
      ...weightOf(variant.weight, variant.weight_unit),
    })),
  );
}

/** products/delete sends only the id. */
export function deletedProductId(payload: unknown): string | null {
  const parsed = v.safeParse(v.looseObject({ id: v.union([v.string(), v.number()]) }), payload);
  return parsed.success ? `gid://shopify/Product/${parsed.output.id}` : null;
}
