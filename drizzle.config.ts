import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "sqlite",
  // The stocktake feature keeps its tables in its own folder (it imports the core schema, not the other way).
  schema: ["./worker/db/schema.ts", "./worker/stocktake/stocktake-schema.ts"],
  out: "./migrations",
});
