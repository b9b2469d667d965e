/** Failed-login counters in D1 (see security-schema.ts): read, count one more, clear, sweep. */
import { inArray, lt, sql } from "drizzle-orm";
import type { Database } from "./database";
import { loginFailures } from "./schema";

export interface FailureWindow {
  key: string;
  windowStart: number;
  count: number;
}

/** The current windows of these keys (a window that ended counts as none). */
export async function failureWindows(
  db: Database,
  keys: string[],
  now: number,
  windowMs: number,
): Promise<FailureWindow[]> {
  if (keys.length === 0) return [];
  const rows = await db.select().from(loginFailures).where(inArray(loginFailures.key, keys)).all();
  return rows.filter((row) => row.windowStart > now - windowMs);
}

/**
 * Counts one failure for each key, atomically (one statement per key, all
 * in one batch): a key whose window ended starts a new one at `now`.
 * Concurrent failures from other objects add up; none is lost.
 */
export async function countFailures(db: Database, keys: string[], now: number, windowMs: number): Promise<void> {
  if (keys.length === 0) return;
  const expired = now - windowMs;
  const statements = keys.map((key) =>
    db
      .insert(loginFailures)
      .values({ key, windowStart: now, count: 1 })
      .onConflictDoUpdate({
        target: loginFailures.key,
        // SQLite evaluates every SET expression against the row as it was.
        set: {
          count: sql`CASE WHEN ${loginFailures.windowStart} <= ${expired} THEN 1 ELSE ${loginFailures.count} + 1 END`,
          windowStart: sql`CASE WHEN ${loginFailures.windowStart} <= ${expired} THEN ${now} ELSE ${loginFailures.windowStart} END`,
        },
      }),
  );
  await db.batch(statements as [(typeof statements)[0], ...(typeof statements)[0][]]);
}

export async function clearFailures(db: Database, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await db.delete(loginFailures).where(inArray(loginFailures.key, keys));
}

/** Drops windows that ended (cron). */
export async function deleteEndedFailureWindows(db: Database, now: number, windowMs: number): Promise<void> {
  await db.delete(loginFailures).where(lt(loginFailures.windowStart, now - windowMs));
}
