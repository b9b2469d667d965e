/** Store webhook deliveries that could not be applied (`store_dead_letters`, directory-schema.ts). */
import { and, desc, eq, sql } from "drizzle-orm";
import type { Database } from "./database";
import { type StoreDeadLetterRow, storeDeadLetters } from "./schema";

export type DeadLetterInput = Omit<StoreDeadLetterRow, "id">;

/** Kept once per room and delivery: the latest failure's reason and time. */
export async function recordDeadLetters(db: Database, letters: readonly DeadLetterInput[]): Promise<void> {
  if (letters.length === 0) return;
  const statements = letters.map((letter) =>
    db
      .insert(storeDeadLetters)
      .values(letter)
      .onConflictDoUpdate({
        target: [storeDeadLetters.roomId, storeDeadLetters.deliveryId],
        set: { error: letter.error, failedAt: letter.failedAt },
      }),
  );
  await db.batch(statements as [(typeof statements)[0], ...(typeof statements)[0][]]);
}

/** The room's failed deliveries, newest first, and how many there are. */
export async function listDeadLetters(
  db: Database,
  roomId: string,
  limit: number,
): Promise<{ rows: StoreDeadLetterRow[]; total: number }> {
  const rows = await db
    .select()
    .from(storeDeadLetters)
    .where(eq(storeDeadLetters.roomId, roomId))
    .orderBy(desc(storeDeadLetters.failedAt), desc(storeDeadLetters.id))
    .limit(limit)
    .all();
  const count = await db
    .select({ n: sql<number>`count(*)` })
    .from(storeDeadLetters)
    .where(eq(storeDeadLetters.roomId, roomId))
    .get();
  return { rows, total: count?.n ?? 0 };
}

export async function findDeadLetter(db: Database, roomId: string, id: number): Promise<StoreDeadLetterRow | null> {
  return (
    (await db
      .select()
      .from(storeDeadLetters)
      .where(and(eq(storeDeadLetters.roomId, roomId), eq(storeDeadLetters.id, id)))
      .get()) ?? null
  );
}

export async function deleteDeadLetter(db: Database, roomId: string, id: number): Promise<void> {
  await db
    .delete(storeDeadLetters)
    .where(and(eq(storeDeadLetters.roomId, roomId), eq(storeDeadLetters.id, id)))
    .run();
}
