/**
 * Store products held for review when the store's catalogue comes in
 * (worker/store/store-review.ts): one a person decides for — link it to an
 * item here, import it as new, or ignore it (kept as ignored, so it is not
 * brought in again).
 */
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

export const storeReview = sqliteTable(
  "store_review",
  {
    productId: text("product_id").primaryKey(),
    title: text("title").notNull(),
    sku: text("sku").notNull().default(""),
    /** Why it waits: its title is like an item's here, or its SKU is on an item linked to another store product. */
    reason: text("reason", { enum: ["title", "sku"] }).notNull(),
    candidateItemId: text("candidate_item_id").notNull().default(""),
    /** The store product as last read (StoreProduct JSON): what a decision applies. */
    product: text("product").notNull(),
    state: text("state", { enum: ["open", "ignored"] })
      .notNull()
      .default("open"),
    at: integer("at").notNull(),
  },
  (table) => [index("store_review_state").on(table.state, table.at)],
);

export type StoreReviewRow = typeof storeReview.$inferSelect;
