/**
 * The data-migration admin API (docs/product.md §7): the current version, every known
 * migration's state and the attempt log; run pending migrations now; roll
 * back to a version. Admins only (admin-access.ts).
 */
import { Hono } from "hono";
import * as v from "valibot";
import { DATA_MIGRATIONS } from "../data-migrations/registry";
import { currentVersion, revertDataMigrations, runDataMigrations } from "../data-migrations/runner";
import { listMigrationRows, recentMigrationLog } from "../db/directory/data-migrations-repo";
import { openDatabase } from "../db/directory/database";
import { requireAdmin } from "./admin-access";

const revertBody = v.object({ to: v.pipe(v.number(), v.integer(), v.minValue(0)) });

export const migrationsRoutes = new Hono<{ Bindings: Env }>();

migrationsRoutes.get("/", async (c) => {
  await requireAdmin(c);
  const db = openDatabase(c.env.DB);
  const rows = new Map((await listMigrationRows(db)).map((row) => [row.version, row]));
  const applied = new Set([...rows.values()].filter((row) => row.appliedAt !== null).map((row) => row.version));
  return c.json({
    current: currentVersion(DATA_MIGRATIONS, applied),
    latest: DATA_MIGRATIONS.at(-1)?.version ?? 0,
    migrations: DATA_MIGRATIONS.map(({ version, name }) => {
      const row = rows.get(version);
      return {
        version,
        name,
        appliedAt: row?.appliedAt ?? null,
        lastError: row?.lastError ?? null,
        lastAttemptAt: row?.lastAttemptAt ?? null,
      };
    }),
    log: await recentMigrationLog(db),
  });
});

migrationsRoutes.post("/run", async (c) => {
  await requireAdmin(c);
  const outcome = await runDataMigrations(c.env, DATA_MIGRATIONS);
  return c.json(outcome, outcome.status === "locked" ? 409 : 200);
});

migrationsRoutes.post("/revert", async (c) => {
  await requireAdmin(c);
  const body = v.safeParse(revertBody, await c.req.json().catch(() => null));
  if (!body.success) return c.json({ error: 'Send {"to": version}, a whole number of 0 or more' }, 400);
  const outcome = await revertDataMigrations(c.env, DATA_MIGRATIONS, body.output.to);
  return c.json(outcome, outcome.status === "locked" ? 409 : 200);
});
