import { desc, eq } from "drizzle-orm";
import type { Database } from "./database";
import { dataMigrationLog, dataMigrations } from "./schema";

export type DataMigrationRow = typeof dataMigrations.$inferSelect;
export type DataMigrationLogRow = typeof dataMigrationLog.$inferSelect;

export async function listMigrationRows(db: Database): Promise<DataMigrationRow[]> {
  return db.select().from(dataMigrations).all();
}

export async function recentMigrationLog(db: Database, limit = 100): Promise<DataMigrationLogRow[]> {
  return db.select().from(dataMigrationLog).orderBy(desc(dataMigrationLog.id)).limit(limit).all();
}

/** Records one attempt: the version's state and a log line. */
export async function recordAttempt(
  db: Database,
  attempt: {
    version: number;
    name: string;
    direction: "up" | "down";
    error: string | null;
    startedAt: number;
    finishedAt: number;
  },
): Promise<void> {
  const { version, name, direction, error, startedAt, finishedAt } = attempt;
  const outcome = error ? "failed" : direction === "up" ? "applied" : "reverted";
  const state =
    error === null
      ? { appliedAt: direction === "up" ? finishedAt : null, lastError: null, lastAttemptAt: finishedAt }
      : { lastError: error, lastAttemptAt: finishedAt };
  await db.batch([
    db
      .insert(dataMigrations)
      .values({ version, name, appliedAt: null, ...state })
      .onConflictDoUpdate({ target: dataMigrations.version, set: { name, ...state } }),
    db.insert(dataMigrationLog).values({ version, direction, outcome, error, startedAt, finishedAt }),
  ]);
}

export async function appliedVersions(db: Database): Promise<Set<number>> {
  const rows = await db
    .select({ version: dataMigrations.version, appliedAt: dataMigrations.appliedAt })
    .from(dataMigrations)
    .all();
  return new Set(rows.filter((row) => row.appliedAt !== null).map((row) => row.version));
}

export async function isApplied(db: Database, version: number): Promise<boolean> {
  const row = await db.select().from(dataMigrations).where(eq(dataMigrations.version, version)).get();
  return row?.appliedAt != null;
}
