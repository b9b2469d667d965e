/**
 * Security counters that must be shared by every live object (SPEC B2, B8):
 * failed password logins per account and per client address, counted in D1
 * so a guesser gains nothing by opening more connections, reaching another
 * HomeDO shard or going through a room. Part of the schema (re-exported by
 * schema.ts, which drizzle-kit reads).
 */
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

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
