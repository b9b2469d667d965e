/**
 * The room tables as the previous release kept them, in D1 (every room's
 * rows in one database). Read only to move a room's rows into its own
 * SQLite on its first wake (room-upgrade.ts) and to delete them once moved
 * (legacy-rows-job.ts). Part of the D1 schema (re-exported by schema.ts).
 */
import { text } from "drizzle-orm/sqlite-core";
import { stocktakeTables } from "../../stocktake/stocktake-schema";
import { roomTables } from "../room/room-tables";
import { rooms } from "./rooms-table";

const d1RoomId = () =>
  text("room_id")
    .notNull()
    .references(() => rooms.id, { onDelete: "cascade" });

export const {
  items: legacyItems,
  itemHistory: legacyItemHistory,
  orders: legacyOrders,
  files: legacyFiles,
  storeConnections: legacyStoreConnections,
  webhookDeliveries: legacyWebhookDeliveries,
  storeListings: legacyStoreListings,
  customers: legacyCustomers,
} = roomTables(d1RoomId);

export const { stocktakes: legacyStocktakes, stocktakeScans: legacyStocktakeScans } = stocktakeTables(d1RoomId);
