/**
 * The directory's copy of labels' short share codes (schema.ts `shareCodes`),
 * which the share route reads. Rooms make them, on their items, and send
 * them here through their outbox (worker/inventory/share-codes.ts).
 */
import { and, asc, eq, gt, inArray } from "drizzle-orm";
import { chunks } from "../room/items-repo";
import type { Database } from "./database";
import { shareCodes } from "./schema";

/** Long enough to be unguessable (~58 bits), short enough for a small QR code. */
export const SHARE_CODE_LENGTH = 10;
export const SHARE_CODE_PATTERN = /^[A-Za-z0-9]{10}$/;

/** The share codes these items have already (an item with none is absent): made by nobody here. */
export async function existingShareCodes(db: Database, roomId: string, itemIds: readonly string[]) {
  const codes = new Map<string, string>();
  for (const part of chunks(itemIds)) {
    const rows = await db
      .select({ itemId: shareCodes.itemId, code: shareCodes.code })
      .from(shareCodes)
      .where(and(eq(shareCodes.roomId, roomId), inArray(shareCodes.itemId, part)))
      .all();
    for (const row of rows) codes.set(row.itemId, row.code);
  }
  return codes;
}

/**
 * A page of the room's share codes, in item order after `afterItem` (a room
 * copying them in a page at a time), by the (room, item) unique index.
 */
export async function shareCodesAfter(
  db: Database,
  roomId: string,
  afterItem: string,
  limit: number,
): Promise<{ itemId: string; code: string }[]> {
  return db
    .select({ itemId: shareCodes.itemId, code: shareCodes.code })
    .from(shareCodes)
    .where(and(eq(shareCodes.roomId, roomId), gt(shareCodes.itemId, afterItem)))
    .orderBy(asc(shareCodes.itemId))
    .limit(limit)
    .all();
}

/** Which room and item a share code names (by its primary key), or null. */
export async function findShareCode(db: Database, code: string): Promise<{ roomId: string; itemId: string } | null> {
  return (
    (await db
      .select({ roomId: shareCodes.roomId, itemId: shareCodes.itemId })
      .from(shareCodes)
      .where(eq(shareCodes.code, code))
      .get()) ?? null
  );
}
