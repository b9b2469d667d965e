/** The online store connection's fixed parts (docs/product.md §5). */
/** How a store connection authenticates (docs/product.md §5). */
export const STORE_AUTH_KINDS = ["client_credentials", "access_token"] as const;
export type StoreAuthKind = (typeof STORE_AUTH_KINDS)[number];

/**
 * The Admin API access scopes the store's app needs: products to publish and
 * sync (with their stock at a location), orders and customers for the
 * dashboard and order e-mails. The setup steps (StoreSetupGuide.tsx) and the
 * missing-permission error both list them.
 */
export const STORE_ACCESS_SCOPES = [
  "read_products",
  "write_products",
  "read_inventory",
  "write_inventory",
  "read_locations",
  "read_orders",
  "read_customers",
] as const;

/** Who an item's history names for changes that came from the online store (sync, webhooks). */
export const STORE_ACTOR = "store";

/** The fields of a published item that can change in both places (stock never does: it is movements). */
export const STORE_CONFLICT_FIELDS = ["title", "description", "priceCents", "sku"] as const;
export type StoreConflictField = (typeof STORE_CONFLICT_FIELDS)[number];
