/**
 * The Admin GraphQL documents Stockroom sends (API 2026-10). Page sizes keep
 * each query's cost under the store's 1,000-point limit for one query: an
 * order with its first 30 lines costs about 32 points, so 25 orders a page.
 */

/** Orders per page, and the lines read with each order. */
export const ORDERS_PAGE = 25;
export const ORDER_LINES = 30;
/**
 * Products per page, and the variants read with each: 20 × 20 keeps a page
 * near 850 points; a product with more has the rest read on its own
 * (PRODUCT_VARIANTS_QUERY).
 */
export const PRODUCTS_PAGE = 20;
export const PRODUCT_VARIANTS = 20;
/** Variants per page when the rest of one product's are read (as many as a product of ours may have). */
export const MORE_VARIANTS_PAGE = 100;
export const CUSTOMERS_PAGE = 100;

export const SHOP_CURRENCY_QUERY = "query StockroomShopCurrency { shop { currencyCode } }";

export const COUNT_QUERIES = {
  products: "query StockroomProductsCount($query: String) { productsCount(query: $query, limit: null) { count } }",
  orders: "query StockroomOrdersCount($query: String) { ordersCount(query: $query, limit: null) { count } }",
  customers: "query StockroomCustomersCount($query: String) { customersCount(query: $query, limit: null) { count } }",
} as const;

const PAGE_INFO = "pageInfo { hasNextPage endCursor }";

/** What the room reads of a store variant. */
const VARIANT_FIELDS =
  "id sku barcode price compareAtPrice inventoryQuantity selectedOptions { value } " +
  "inventoryItem { id unitCost { amount } measurement { weight { value unit } } }";

export const PRODUCTS_QUERY = `query StockroomProducts($first: Int!, $after: String, $query: String) {
  products(first: $first, after: $after, query: $query, sortKey: UPDATED_AT) {
    nodes {
      id handle title descriptionHtml status updatedAt vendor productType seo { title description }
      options { name }
      variants(first: ${PRODUCT_VARIANTS}) { nodes { ${VARIANT_FIELDS} } ${PAGE_INFO} }
    }
    ${PAGE_INFO}
  }
}`;

/** The rest of one product's variants, after those its products page held. */
export const PRODUCT_VARIANTS_QUERY = `query StockroomProductVariants($id: ID!, $after: String) {
  product(id: $id) { variants(first: ${MORE_VARIANTS_PAGE}, after: $after) { nodes { ${VARIANT_FIELDS} } ${PAGE_INFO} } }
}`;

export const ORDERS_QUERY = `query StockroomOrders($first: Int!, $after: String, $query: String) {
  orders(first: $first, after: $after, query: $query, sortKey: UPDATED_AT) {
    nodes {
      id name createdAt updatedAt
      currentTotalPriceSet { shopMoney { amount currencyCode } }
      customer { id displayName defaultEmailAddress { emailAddress } }
      lineItems(first: ${ORDER_LINES}) {
        nodes { title quantity sku product { id } originalUnitPriceSet { shopMoney { amount } } }
      }
    }
    ${PAGE_INFO}
  }
}`;

export const CUSTOMERS_QUERY = `query StockroomCustomers($first: Int!, $after: String, $query: String) {
  customers(first: $first, after: $after, query: $query, sortKey: UPDATED_AT) {
    nodes {
      id displayName updatedAt numberOfOrders
      defaultEmailAddress { emailAddress }
      amountSpent { amount currencyCode }
    }
    ${PAGE_INFO}
  }
}`;

/** Where published inventory is counted: the store's first active location. */
export const LOCATION_QUERY = `query StockroomLocation {
  locations(first: 1, query: "active:true") { nodes { id } }
}`;

export const PRODUCT_SET_MUTATION = `mutation StockroomProductSet($input: ProductSetInput!, $identifier: ProductSetIdentifiers) {
  productSet(input: $input, identifier: $identifier, synchronous: true) {
    product { id handle variants(first: 250) { nodes { id inventoryItem { id } selectedOptions { value } } } }
    userErrors { field message code }
  }
}`;

/** An existing product's own fields (only those given change) and images to add (the store keeps its others). */
export const PRODUCT_UPDATE_MUTATION = `mutation StockroomProductUpdate($product: ProductUpdateInput!, $media: [CreateMediaInput!]) {
  productUpdate(product: $product, media: $media) {
    product { id handle }
    userErrors { field message }
  }
}`;

/** Price and SKU of the one variant an item is; the product's other variants are left alone. */
export const VARIANTS_UPDATE_MUTATION = `mutation StockroomVariantsUpdate($productId: ID!, $variants: [ProductVariantsBulkInput!]!) {
  productVariantsBulkUpdate(productId: $productId, variants: $variants) {
    productVariants { id }
    userErrors { field message }
  }
}`;

export const PRODUCT_ARCHIVE_MUTATION = `mutation StockroomProductArchive($product: ProductUpdateInput!) {
  productUpdate(product: $product) {
    product { id status }
    userErrors { field message }
  }
}`;

/** The search filter for records changed at or after `since` (ms); the boundary record is read again, harmlessly. */
export function updatedSince(since: number | null): string | null {
  return since === null ? null : `updated_at:>='${new Date(since).toISOString()}'`;
}

/** The store's active locations, in its order (the first is where online orders are taken from). */
export const LOCATIONS_QUERY = `query StockroomLocations {
  locations(first: 100, query: "active:true") { nodes { id name } }
}`;

/** Our movements as adjustments of the store's `available` stock: deltas, never counts set over its own. */
export const INVENTORY_ADJUST_MUTATION = `mutation StockroomInventoryAdjust($input: InventoryAdjustQuantitiesInput!, $key: String!) {
  inventoryAdjustQuantities(input: $input) @idempotent(key: $key) {
    inventoryAdjustmentGroup { id }
    userErrors { field message code }
  }
}`;

/** How many inventory items one levels query asks about (its cost stays far under the budget). */
export const LEVELS_PAGE = 10;

/** The store's stock of some inventory items at each of their locations, by Shopify's names (store-drift.ts). */
export const LEVELS_QUERY = `query StockroomLevels($ids: [ID!]!) {
  nodes(ids: $ids) {
    ... on InventoryItem {
      id
      inventoryLevels(first: 20) { nodes { location { id } quantities(names: ["available", "committed", "on_hand"]) { name quantity } } }
    }
  }
}`;
