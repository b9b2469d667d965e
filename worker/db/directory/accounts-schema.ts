/**
 * The accounts' tables in D1 (docs/architecture.md §2, §4): people, their e-mail
 * addresses, hashed login and e-mailed tokens, where a login token is in
 * use, and Google/Facebook identities. Part of the schema (re-exported by
 * schema.ts, which drizzle-kit reads); the failed-login counters and known
 * devices are in security-schema.ts.
 */
import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

/** People. A password hash is absent for OAuth-only or enrolled-but-unset accounts. */
export const users = sqliteTable(
  "users",
  {
    id: text("id").primaryKey(),
    username: text("username"),
    /** JSON object the user may edit (display name, ...). */
    profile: text("profile").notNull().default("{}"),
    /** `pbkdf2-sha256$iterations$salt$hash`, or a legacy `bcrypt$...` from a Meteor import. */
    passwordHash: text("password_hash"),
    createdAt: integer("created_at").notNull(),
  },
  (table) => [uniqueIndex("users_username_unique").on(sql`lower(${table.username})`)],
);

export const userEmails = sqliteTable(
  "user_emails",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** As typed; lookups use the lower-case index. */
    address: text("address").notNull(),
    verified: integer("verified", { mode: "boolean" }).notNull().default(false),
  },
  (table) => [
    uniqueIndex("user_emails_address_unique").on(sql`lower(${table.address})`),
    index("user_emails_user_idx").on(table.userId),
  ],
);

/** Login tokens: only the SHA-256 of each token is stored. */
export const loginTokens = sqliteTable(
  "login_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: integer("created_at").notNull(),
    expiresAt: integer("expires_at").notNull(),
  },
  (table) => [index("login_tokens_user_idx").on(table.userId), index("login_tokens_expires_idx").on(table.expiresAt)],
);

/** One-use tokens sent by e-mail: password reset, enroll, e-mail verification. */
export const accountTokens = sqliteTable(
  "account_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["reset", "enroll", "verify", "login"] }).notNull(),
    email: text("email").notNull(),
    createdAt: integer("created_at").notNull(),
    /** Verification links do not expire (Meteor): far future. */
    expiresAt: integer("expires_at").notNull(),
    /** When the link was used (kept a while, so a second click can say "already used"). */
    usedAt: integer("used_at"),
    /** An invitation's room and who sent it (enroll links), so the page can name them. */
    roomId: text("room_id"),
    invitedBy: text("invited_by"),
  },
  (table) => [index("account_tokens_user_idx").on(table.userId)],
);

/** Where a login token is in use, so removing it can close those connections. */
export const tokenConnections = sqliteTable(
  "token_connections",
  {
    tokenHash: text("token_hash").notNull(),
    /** "room" or "home". */
    objectKind: text("object_kind").notNull(),
    objectName: text("object_name").notNull(),
  },
  (table) => [uniqueIndex("token_connections_unique").on(table.tokenHash, table.objectKind, table.objectName)],
);

export type UserRow = typeof users.$inferSelect;

/** Google or Facebook identities, each tied to one user. */
export const oauthIdentities = sqliteTable(
  "oauth_identities",
  {
    service: text("service").notNull(),
    /** The provider's stable user id (`sub` for Google, `id` for Facebook). */
    subject: text("subject").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The address the provider reported at the last sign-in, if any. */
    email: text("email"),
    createdAt: integer("created_at").notNull(),
  },
  (table) => [
    uniqueIndex("oauth_identities_service_subject_unique").on(table.service, table.subject),
    index("oauth_identities_user_idx").on(table.userId),
  ],
);

/**
 * A finished provider sign-in waiting for the browser to log in with it on
 * the live connection: one use, about a minute. Keyed by the SHA-256 of the
 * credential token; only the SHA-256 of the secret is kept.
 */
export const oauthCredentials = sqliteTable(
  "oauth_credentials",
  {
    tokenHash: text("token_hash").primaryKey(),
    secretHash: text("secret_hash").notNull(),
    service: text("service").notNull(),
    subject: text("subject").notNull(),
    email: text("email"),
    emailVerified: integer("email_verified", { mode: "boolean" }).notNull().default(false),
    name: text("name"),
    expiresAt: integer("expires_at").notNull(),
  },
  (table) => [index("oauth_credentials_expires_idx").on(table.expiresAt)],
);
