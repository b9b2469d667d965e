import { and, eq, gt, lt } from "drizzle-orm";
import type { Database } from "./database";
import { joinLinks } from "./schema";

export type JoinLinkRow = typeof joinLinks.$inferSelect;

export async function insertJoinLink(db: Database, row: JoinLinkRow): Promise<void> {
  await db.insert(joinLinks).values(row).run();
}

/** The room's unexpired link with this token hash, if any. */
export async function findJoinLink(
  db: Database,
  roomId: string,
  tokenHash: string,
  now: number,
): Promise<JoinLinkRow | null> {
  return (
    (await db
      .select()
      .from(joinLinks)
      .where(and(eq(joinLinks.roomId, roomId), eq(joinLinks.tokenHash, tokenHash), gt(joinLinks.expiresAt, now)))
      .get()) ?? null
  );
}

/** A maker who can no longer invite (demoted or removed) takes their links along. */
export async function deleteExpiredJoinLinks(db: Database, now: number): Promise<void> {
  await db.delete(joinLinks).where(lt(joinLinks.expiresAt, now));
}

export async function deleteJoinLinks(db: Database, roomId: string): Promise<number> {
  const removed = await db
    .delete(joinLinks)
    .where(eq(joinLinks.roomId, roomId))
    .returning({ tokenHash: joinLinks.tokenHash })
    .all();
  return removed.length;
}
