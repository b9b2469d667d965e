/**
 * Runs data migrations in order under the `data-migrations` lock, from the
 * cron job and from the admin page. Each applied version is recorded; the
 * first failure stops the run at that version with its error recorded (the
 * next run tries it again). `revertTo` runs `down` from the newest applied
 * version back to just above the target.
 */
import { appliedVersions, recordAttempt } from "../db/directory/data-migrations-repo";
import { openDatabase } from "../db/directory/database";
import { acquireLock, extendLock, releaseLock } from "../db/directory/locks-repo";
import type { DataMigration } from "./types";

export const LOCK_NAME = "data-migrations";
/** Long enough for one migration; the lock is extended before each next one. */
const LOCK_TTL_MS = 5 * 60 * 1000;

export type RunOutcome =
  | { status: "locked" }
  | { status: "done"; applied: number[] }
  | { status: "failed"; applied: number[]; version: number; error: string };

function describe(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.slice(0, 2000) || "Unknown error";
}

function checkOrder(migrations: readonly DataMigration[]): void {
  for (let i = 1; i < migrations.length; i++) {
    if ((migrations[i]?.version ?? 0) <= (migrations[i - 1]?.version ?? 0)) {
      throw new Error("data migrations must have increasing versions");
    }
  }
}

async function underLock(
  env: Env,
  clock: () => number,
  work: (keepAlive: () => Promise<void>) => Promise<RunOutcome>,
): Promise<RunOutcome> {
  const db = openDatabase(env.DB);
  const holder = crypto.randomUUID();
  if (!(await acquireLock(db, LOCK_NAME, holder, clock(), LOCK_TTL_MS))) return { status: "locked" };
  try {
    return await work(() => extendLock(db, LOCK_NAME, holder, clock() + LOCK_TTL_MS));
  } finally {
    await releaseLock(db, LOCK_NAME, holder);
  }
}

async function attempt(
  env: Env,
  clock: () => number,
  migration: DataMigration,
  direction: "up" | "down",
): Promise<string | null> {
  const db = openDatabase(env.DB);
  const startedAt = clock();
  let error: string | null = null;
  try {
    await migration[direction]({ db, env, now: startedAt });
  } catch (caught) {
    error = describe(caught);
    console.error(`data migration ${migration.version} ${direction} failed`, caught);
  }
  await recordAttempt(db, {
    version: migration.version,
    name: migration.name,
    direction,
    error,
    startedAt,
    finishedAt: clock(),
  });
  return error;
}

export async function runDataMigrations(
  env: Env,
  migrations: readonly DataMigration[],
  clock: () => number = Date.now,
): Promise<RunOutcome> {
  checkOrder(migrations);
  return underLock(env, clock, async (keepAlive) => {
    // Read inside the lock: what another run applied a moment ago counts.
    const applied = await appliedVersions(openDatabase(env.DB));
    const done: number[] = [];
    for (const migration of migrations) {
      if (applied.has(migration.version)) continue;
      await keepAlive();
      const error = await attempt(env, clock, migration, "up");
      if (error) return { status: "failed", applied: done, version: migration.version, error };
      done.push(migration.version);
    }
    return { status: "done", applied: done };
  });
}

export async function revertDataMigrations(
  env: Env,
  migrations: readonly DataMigration[],
  toVersion: number,
  clock: () => number = Date.now,
): Promise<RunOutcome> {
  checkOrder(migrations);
  return underLock(env, clock, async (keepAlive) => {
    const applied = await appliedVersions(openDatabase(env.DB));
    const reverted: number[] = [];
    for (const migration of [...migrations].reverse()) {
      if (migration.version <= toVersion || !applied.has(migration.version)) continue;
      await keepAlive();
      const error = await attempt(env, clock, migration, "down");
      if (error) return { status: "failed", applied: reverted, version: migration.version, error };
      reverted.push(migration.version);
    }
    return { status: "done", applied: reverted };
  });
}

/** The highest version applied with every version below it applied too (what "current" means). */
export function currentVersion(migrations: readonly DataMigration[], applied: ReadonlySet<number>): number {
  let current = 0;
  for (const migration of migrations) {
    if (!applied.has(migration.version)) break;
    current = migration.version;
  }
  return current;
}
