/**
 * Security counters that must be shared by every live object (docs/protocol.md §2, §8):
 * failed password logins per account and per client address, counted in D1
 * so a guesser gains nothing by opening more connections, reaching another
 * HomeDO shard or going through a room. Part of the schema (re-exported by
 * schema.ts, which drizzle-kit reads).
 */
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./accounts-schema";

/**
 * One fixed window per key (`account:<userId>`, `login:<selector>` for
 * names with no account, `address:<ip>`): when it started and how many
 * password checks failed in it. Rows whose window ended are swept by cron.
 */
export const loginFailures = sqliteTable(
  "login_failures",
  {
    key: text("key").primaryKey(),
    windowStart: integer("window_start").notNull(),
    count: integer("count").notNull(),
  },
  (table) => [index("login_failures_window_start").on(table.windowStart)],
);

/**
 * Browsers and devices that have signed in to an account (docs/protocol.md §2): the
 * SHA-256 of the device key the server issued there, per account. A known
 * device's wrong passwords are counted on their own, not in the account's
 * count, so a guesser elsewhere can never lock the owner out of her own
 * browser. One key may be known for several accounts (a shared shop laptop).
 */
export const knownDevices = sqliteTable(
  "known_devices",
  {
    keyHash: text("key_hash").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: integer("created_at").notNull(),
    lastSignInAt: integer("last_sign_in_at").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.keyHash, table.userId] }),
    index("known_devices_user_idx").on(table.userId),
    // The cron job forgets devices not signed in with for longer than a login token lives.
    index("known_devices_last_sign_in_idx").on(table.lastSignInAt),
  ],
);
