import { and, eq, lt } from "drizzle-orm";
import type { Database } from "./database";
import { locks } from "./schema";

/**
 * Takes the named lock for `holder` until `now + ttlMs`, in one statement:
 * a new row, or a takeover of an expired one. True if `holder` has it now.
 */
export async function acquireLock(db: Database, name: string, holder: string, now: number, ttlMs: number) {
  const rows = await db
    .insert(locks)
    .values({ name, holder, expiresAt: now + ttlMs })
    .onConflictDoUpdate({
      target: locks.name,
      set: { holder, expiresAt: now + ttlMs },
      setWhere: lt(locks.expiresAt, now),
    })
    .returning({ holder: locks.holder })
    .all();
  return rows[0]?.holder === holder;
}

/** Keeps a long run's lock from expiring under it. */
export async function extendLock(db: Database, name: string, holder: string, until: number): Promise<void> {
  await db
    .update(locks)
    .set({ expiresAt: until })
    .where(and(eq(locks.name, name), eq(locks.holder, holder)));
}

export async function releaseLock(db: Database, name: string, holder: string): Promise<void> {
  await db.delete(locks).where(and(eq(locks.name, name), eq(locks.holder, holder)));
}
