/**
 * Labels' short share codes (docs/architecture.md §5): the code a printed
 * label's link ends in (`/s/<code>`), one per item, made the first time its
 * label is printed by someone who may publish it. The room keeps each on its
 * item (`items.share_code`, a unique partial index), so a scanned label is
 * found by that index, the code reaches every open screen with its item, and
 * a phone's copy of a big room has it too; the directory gets a copy through
 * the room's outbox, for the share route.
 *
 * A room whose codes the previous release kept only in the directory copies
 * them onto its items once it is open, 500 a chunk, as a backfill
 * (backfills.ts: a bulk job; the room serves meanwhile). Until it has, a code it does not know is looked up in
 * the directory, and an item's code there is taken rather than a second made.
 */
import { randomId } from "../../protocol/random-stream";
import {
  existingShareCodes,
  findShareCode,
  SHARE_CODE_LENGTH,
  shareCodesAfter,
} from "../db/directory/share-codes-repo";
import { owedToDirectory } from "../db/room/directory-outbox";
import { findItemRows } from "../db/room/item-statements";
import { findItemByShareCode } from "../db/room/items-repo";
import type { ItemRow } from "../db/room/room-schema";
import { SHARE_CODES_COPIED, stateWrite } from "../db/room/room-state";
import type { RoomHost } from "../rooms/room-host";
import { type Backfill, backfillDone } from "./backfills";
import { BULK_CHUNK, type BulkKind } from "./bulk-jobs";
import { type ItemChange, writeItems } from "./item-pipeline";

/** Copying an earlier release's codes in from the directory: a backfill (backfills.ts). */
export const SHARE_CODES_BACKFILL: Backfill = { kind: "share-codes-copy", doneKey: SHARE_CODES_COPIED };

const codesCopied = (host: RoomHost) => backfillDone(host, SHARE_CODES_BACKFILL);

/**
 * One item's code set, as a write of the pipeline: not an edit of the item
 * (it keeps when and by whom it was last changed), and no history entry (a
 * code is made once and never changed).
 */
function codeChange(row: ItemRow, code: string): ItemChange {
  return {
    id: row.id,
    before: row,
    row: { update: {}, columns: { shareCode: code }, quiet: true },
    entry: null,
    moves: null,
  };
}

/** The id of the item of this room a label's code names, or null. */
export async function itemIdForShareCode(host: RoomHost, code: string): Promise<string | null> {
  const item = findItemByShareCode(host.roomDb, host.roomId, code);
  if (item) return item.id;
  if (codesCopied(host)) return null;
  const earlier = await findShareCode(host.db, code);
  return earlier?.roomId === host.roomId ? earlier.itemId : null;
}

/**
 * Each of these items' codes (an item without one is absent), making the
 * missing ones when `make` — for those who may publish the items.
 */
export async function shareCodesFor(
  host: RoomHost,
  itemIds: readonly string[],
  options: { make: boolean; actor: string },
): Promise<Map<string, string>> {
  const read = () =>
    new Map(
      findItemRows(host.roomDb, host.roomId, itemIds).flatMap((row) =>
        row.shareCode ? [[row.id, row.shareCode]] : [],
      ),
    );
  const codes = read();
  const missing = itemIds.filter((id) => !codes.has(id));
  if (missing.length === 0) return codes;
  const earlier = codesCopied(host)
    ? new Map<string, string>()
    : await existingShareCodes(host.db, host.roomId, missing);
  if (!options.make && earlier.size === 0) return codes;
  await host.writes.run(async () => {
    // Read again in the write's turn: someone printing at the same moment may have made them.
    const rows = findItemRows(host.roomDb, host.roomId, missing).filter((row) => !row.shareCode);
    const now = host.now();
    const made = rows.flatMap((row) => {
      const code = earlier.get(row.id) ?? (options.make ? randomId(SHARE_CODE_LENGTH) : undefined);
      return code ? [{ row, code, known: earlier.has(row.id) }] : [];
    });
    if (made.length === 0) return;
    writeItems(host, {
      actor: options.actor,
      at: now,
      items: made.map(({ row, code }) => codeChange(row, code)),
      last: made
        .filter(({ known }) => !known)
        .map(({ row, code }) =>
          owedToDirectory(
            host.roomDb,
            { kind: "share-code", code, roomId: host.roomId, itemId: row.id, createdAt: now },
            now,
          ),
        ),
    });
  }, options.actor);
  // The share route reads the directory: the codes are there before their links are handed out.
  await host.syncDirectory();
  return read();
}

/** One chunk of the copy: a page of the directory's codes onto the items that have none. */
export const copyShareCodes: BulkKind = {
  async chunk(host, job, commit) {
    const page = await shareCodesAfter(host.db, host.roomId, job.cursor, BULK_CHUNK);
    const codes = new Map(page.map((entry) => [entry.itemId, entry.code]));
    const rows = findItemRows(host.roomDb, host.roomId, [...codes.keys()]).filter((row) => !row.shareCode);
    const finished = page.length < BULK_CHUNK;
    const now = host.now();
    const progress = { cursor: page.at(-1)?.itemId ?? job.cursor, done: job.done + page.length, result: {}, finished };
    writeItems(host, {
      actor: "",
      at: now,
      items: rows.map((row) => codeChange(row, codes.get(row.id) as string)),
      first: finished ? [stateWrite(host.roomDb, SHARE_CODES_COPIED, String(now), now)] : [],
      commit: (statements) => commit(statements, progress),
    });
  },
};
