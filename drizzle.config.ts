// drizzle-kit's config (`npm run db:generate` fetches drizzle-kit on first use: only schema changes need it).
export default {
  dialect: "sqlite",
  // The stocktake feature keeps its tables in its own folder (it imports the core schema, not the other way).
  schema: ["./worker/db/schema.ts", "./worker/stocktake/stocktake-schema.ts"],
  out: "./migrations",
};
