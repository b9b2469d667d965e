/** Short share codes (schema.ts `shareCodes`): one per item, made on first ask. */
import { and, eq, inArray } from "drizzle-orm";
import { randomId } from "../../../protocol/random-stream";
import { chunks } from "../room/items-repo";
import type { Database } from "./database";
import { shareCodes } from "./schema";

/** Long enough to be unguessable (~58 bits), short enough for a small QR code. */
export const SHARE_CODE_LENGTH = 10;
export const SHARE_CODE_PATTERN = /^[A-Za-z0-9]{10}$/;
/** Four values a row: 20 rows keep a statement under D1's 100 bound values. */
const ROWS_PER_INSERT = 20;

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

/** Each item's share code, making the missing ones (ids must be items of the room). */
export async function shareCodesFor(
  db: Database,
  roomId: string,
  itemIds: readonly string[],
  now = Date.now(),
): Promise<Map<string, string>> {
  const codes = await existingShareCodes(db, roomId, itemIds);
  const missing = itemIds.filter((id) => !codes.has(id));
  if (missing.length === 0) return codes;
  // Two people printing at once may both insert: the (room, item) index keeps
  // the first, and the second read returns it to both.
  for (const part of chunks(missing, ROWS_PER_INSERT)) {
    await db
      .insert(shareCodes)
      .values(part.map((itemId) => ({ code: randomId(SHARE_CODE_LENGTH), roomId, itemId, createdAt: now })))
      .onConflictDoNothing()
      .run();
  }
  return existingShareCodes(db, roomId, itemIds);
}

/** Every share code of the room's items (labels printed so far), by item. */
export async function roomShareCodes(db: Database, roomId: string): Promise<{ itemId: string; code: string }[]> {
  return db
    .select({ itemId: shareCodes.itemId, code: shareCodes.code })
    .from(shareCodes)
    .where(eq(shareCodes.roomId, roomId))
    .all();
}
