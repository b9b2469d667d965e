// drizzle-kit's config for the rooms' own SQLite (`npm run db:generate` runs it after the D1 one).
export default {
  dialect: "sqlite",
  driver: "durable-sqlite",
  schema: ["./worker/db/room/room-schema.ts"],
  out: "./worker/db/room/migrations",
};
