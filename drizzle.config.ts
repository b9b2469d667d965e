// drizzle-kit's config for D1, the directory (`npm run db:generate` fetches drizzle-kit on first use: only schema
// changes need it). The rooms' own SQLite has its own config (drizzle.room.config.ts).
export default {
  dialect: "sqlite",
  schema: ["./worker/db/directory/schema.ts"],
  out: "./migrations",
};
