import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { DATA_MIGRATIONS } from "../../worker/data-migrations/registry";
import { revertDataMigrations, runDataMigrations } from "../../worker/data-migrations/runner";
import type { DataMigration } from "../../worker/data-migrations/types";
import { runScheduledJobs } from "../../worker/scheduled";
import { createRoom, DdpSocket } from "./ddp-socket";

/**
 * Test migrations record each run of `up`/`down` in a probe table, slowly enough for runs to overlap.
 * `probe(versions)` reads the runs of those versions only: each test has its own.
 */
async function probe(versions: number[]): Promise<{ version: number; direction: string }[]> {
  const rows = await env.DB.prepare(
    `SELECT version, direction FROM migration_probe WHERE version IN (${versions.map(() => "?").join(", ")}) ORDER BY rowid`,
  )
    .bind(...versions)
    .all();
  return rows.results as { version: number; direction: string }[];
}

function probeMigration(version: number, fail: { now: boolean } = { now: false }): DataMigration {
  const record = async (direction: string) => {
    await new Promise((resolve) => setTimeout(resolve, 30));
    if (fail.now) throw new Error(`migration ${version} cannot run yet`);
    await env.DB.prepare("INSERT INTO migration_probe (version, direction) VALUES (?, ?)")
      .bind(version, direction)
      .run();
  };
  return { version, name: `probe ${version}`, up: () => record("up"), down: () => record("down") };
}

async function state(): Promise<Record<number, { applied: boolean; lastError: string | null }>> {
  const rows = await env.DB.prepare("SELECT version, applied_at, last_error FROM data_migrations").all();
  return Object.fromEntries(
    rows.results.map((row) => [
      row.version,
      { applied: row.applied_at !== null, lastError: row.last_error as string | null },
    ]),
  );
}

describe("data migrations", () => {
  it("applies each migration once when two runs overlap, in order, and then has nothing to do", async () => {
    await env.DB.exec("CREATE TABLE IF NOT EXISTS migration_probe (version INTEGER, direction TEXT)");
    const versions = [101, 102, 103];
    const migrations = versions.map((version) => probeMigration(version));
    const [first, second] = await Promise.all([runDataMigrations(env, migrations), runDataMigrations(env, migrations)]);
    const outcomes = [first, second].map((outcome) => outcome.status).sort();
    expect(outcomes).toEqual(["done", "locked"]);
    expect(await probe(versions)).toEqual([
      { version: 101, direction: "up" },
      { version: 102, direction: "up" },
      { version: 103, direction: "up" },
    ]);
    expect(await runDataMigrations(env, migrations)).toEqual({ status: "done", applied: [] });
    expect(await probe(versions)).toHaveLength(3);

    // Rolling back to 101 runs the downs newest first.
    expect(await revertDataMigrations(env, migrations, 101)).toEqual({ status: "done", applied: [103, 102] });
    expect((await probe(versions)).slice(3)).toEqual([
      { version: 103, direction: "down" },
      { version: 102, direction: "down" },
    ]);
    expect(await state()).toMatchObject({ 101: { applied: true }, 102: { applied: false }, 103: { applied: false } });
  });

  it("stops at a failing migration with its error recorded, leaves the version there, and retries it next time", async () => {
    await env.DB.exec("CREATE TABLE IF NOT EXISTS migration_probe (version INTEGER, direction TEXT)");
    const broken = { now: true };
    const migrations = [probeMigration(201), probeMigration(202, broken), probeMigration(203)];
    const failed = await runDataMigrations(env, migrations);
    expect(failed).toEqual({
      status: "failed",
      applied: [201],
      version: 202,
      error: "migration 202 cannot run yet",
    });
    expect(await state()).toMatchObject({
      201: { applied: true, lastError: null },
      202: { applied: false, lastError: "migration 202 cannot run yet" },
    });
    expect((await state())[203]).toBeUndefined();
    const log = await env.DB.prepare("SELECT version, outcome, error FROM data_migration_log ORDER BY id").all();
    expect(log.results).toContainEqual({ version: 202, outcome: "failed", error: "migration 202 cannot run yet" });

    broken.now = false;
    expect(await runDataMigrations(env, migrations)).toEqual({ status: "done", applied: [202, 203] });
    expect(await state()).toMatchObject({ 202: { applied: true, lastError: null }, 203: { applied: true } });
  });

  it("takes over a lock whose holder died (expired), but never a live one", async () => {
    await env.DB.exec("CREATE TABLE IF NOT EXISTS migration_probe (version INTEGER, direction TEXT)");
    await env.DB.prepare("INSERT INTO locks (name, holder, expires_at) VALUES ('data-migrations', 'someone', ?)")
      .bind(Date.now() + 60_000)
      .run();
    expect(await runDataMigrations(env, [probeMigration(301)])).toEqual({ status: "locked" });
    await env.DB.prepare("UPDATE locks SET expires_at = ? WHERE name = 'data-migrations'")
      .bind(Date.now() - 1)
      .run();
    expect(await runDataMigrations(env, [probeMigration(301)])).toEqual({ status: "done", applied: [301] });
  });

  it("backfills a 'created' history entry for older items from the cron job, and takes it back with down", async () => {
    // The test files share one database: another file's cron run may have applied the backfill already.
    await revertDataMigrations(env, DATA_MIGRATIONS, 0);
    const roomId = await createRoom();
    await env.DB.prepare(
      "INSERT INTO items (id, room_id, title, created_by, created_at, updated_at) VALUES ('olditem1', ?, 'Old lamp', 'someone', 1000, 1000)",
    )
      .bind(roomId)
      .run();
    await runScheduledJobs(env, Date.now());
    const history = await env.DB.prepare(
      "SELECT user_id, action, at FROM item_history WHERE item_id = 'olditem1'",
    ).all();
    expect(history.results).toEqual([{ user_id: "someone", action: "created", at: 1000 }]);
    await revertDataMigrations(env, DATA_MIGRATIONS, 0);
    const after = await env.DB.prepare("SELECT count(*) AS n FROM item_history WHERE item_id = 'olditem1'").first();
    expect(after?.n).toBe(0);
  });
});

describe("the data-migration admin API", () => {
  it("answers admins only, by bearer token, with the version and history; runs on demand", async () => {
    const api = (path: string, token?: string, init: RequestInit = {}) =>
      SELF.fetch(`https://stockroom.test/api/admin/migrations${path}`, {
        ...init,
        headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), "Content-Type": "application/json" },
      });
    const signUp = async (email: string) => {
      const { socket } = await DdpSocket.connect("/api/websocket");
      const result = await socket.call("createUser", [{ email, password: "test password" }]);
      socket.close();
      return result.result as { id: string; token: string };
    };
    expect((await api("")).status).toBe(401);
    const admin = await signUp("admin@stockroom.test");
    // Not yet verified: anyone could have signed up with that address.
    expect((await api("", admin.token)).status).toBe(403);
    await env.DB.prepare("UPDATE user_emails SET verified = 1 WHERE user_id = ?").bind(admin.id).run();
    const someone = await signUp("someone@stockroom.test");
    expect((await api("", someone.token)).status).toBe(403);

    const run = await api("/run", admin.token, { method: "POST" });
    expect(run.status).toBe(200);
    const listing = (await (await api("", admin.token)).json()) as {
      current: number;
      latest: number;
      migrations: { version: number; appliedAt: number | null }[];
      log: unknown[];
    };
    expect(listing.current).toBe(listing.latest);
    expect(listing.migrations.every((m) => m.appliedAt !== null)).toBe(true);
    expect(listing.log.length).toBeGreaterThan(0);
    expect((await api("/revert", admin.token, { method: "POST", body: '{"to":"x"}' })).status).toBe(400);
  });
});
