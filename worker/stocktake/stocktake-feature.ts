/**
 * Stocktakes (docs/stock.md "A count is a count at a moment and a place"):
 * a member starts one (or joins the one under way);
 * everyone taking part counts items by scanning their labels or typing a
 * SKU, one scan counting one; counts merge live through the `stocktake.tally`
 * publication (stocktake-tally.ts), and each person sees their own latest
 * scans (`stocktake.scans`); an owner or admin applies the counted quantities in one step
 * (each change in the item's history, marked as the stocktake's) or cancels.
 * A mis-scan can be taken back while the stocktake is under way; ended
 * stocktakes stay on record (`stocktakes.past`, stocktake-summary.ts).
 *
 * Each scan's id comes from the call's random seed (docs/protocol.md §9), so a scan made
 * offline and sent again later, or sent twice, counts once.
 */

import { COLLECTION, can, LIMITS, MAIN_LOCATION_ID, METHOD, PUBLICATION } from "../../protocol/api";
import { PUBLICATION_ARGS } from "../../protocol/args";
import { LiveError } from "../../protocol/errors";
import { storePageKey } from "../../protocol/label-key";
import { RandomStream } from "../../protocol/random-stream";
import { STOCKTAKE_SCANS_SHOWN } from "../../protocol/stocktake-args";
import { defineMethod } from "../contract";
import { hasMoreItemsThan } from "../db/room/items-repo";
import { findOpenLocation, firstLocationId } from "../db/room/locations-repo";
import { activeListings } from "../db/room/store-listings-repo";
import { findJob, registerBulkKind, runningJobOn } from "../inventory/bulk-jobs";
import { targetForCode, unknownCode } from "../inventory/item-for-code";
import { stockOfVariant } from "../inventory/stock-moves";
import type { LiveRegistry } from "../live/registry";
import { asDoc, type MethodContext } from "../live/types";
import { requireRole } from "../rooms/access";
import type { RoomHost } from "../rooms/room-host";
import { applyInBulk, applyJobId, applyLateScans, applyStocktake } from "./stocktake-apply";
import { locationsOf, momentOfScan, movedSince } from "./stocktake-counts";
import { announcePast, pastStocktakes } from "./stocktake-summary";
import { announceTally, registerStocktakeTally } from "./stocktake-tally";
import {
  endStocktakeQuery,
  findOpenStocktake,
  findScan,
  findStocktake,
  insertScan,
  insertStocktake,
  latestScansOf,
  markLateScans,
  type ScanRow,
  type StocktakeRow,
  takeBackScan,
  toScanDoc,
  toStocktakeDoc,
} from "./stocktakes-repo";

export const STOCKTAKE_ERROR = {
  NOT_FOUND: "There is no such stocktake in this room",
  OVER: "This stocktake is over",
  DISCARDED: "This stocktake was discarded, so nothing it counted is kept",
  APPLYING: "This stocktake is being applied; its counts can no longer change",
  UNKNOWN_CODE: "No item of this room has that label or SKU",
  NOT_YOUR_SCAN: "Only the person who scanned it, or an owner or admin, can take a scan back",
  NOT_HERE: "This stocktake does not count at that location",
  NO_LOCATION: "Choose a location of this room to count",
  NO_LATE_SCANS: "No counts are waiting for this stocktake",
} as const;

/** The stocktake as screens see it, with the locations it counts. */
const stocktakeDoc = (host: RoomHost, row: StocktakeRow) => toStocktakeDoc(row, locationsOf(host.roomDb, row));

const announceStocktake = (host: RoomHost, row: StocktakeRow, previous: StocktakeRow | null) =>
  host.emit({
    collection: COLLECTION.STOCKTAKES,
    id: row.id,
    doc: asDoc(stocktakeDoc(host, row)),
    previous: previous ? asDoc(stocktakeDoc(host, previous)) : null,
  });

/**
 * Each listed item's store page label key, for a phone to know what such a
 * label names without a line (a short link's code is on its item: share-codes.ts).
 * A room above the big-room size sends none: its phones ask the server,
 * which finds the page by its handle's index.
 */
async function labelDocs(host: RoomHost): Promise<{ _id: string; keys: string[] }[]> {
  if (hasMoreItemsThan(host.roomDb, host.roomId, LIMITS.BIG_ROOM)) return [];
  const keys = new Map<string, string[]>();
  for (const row of await activeListings(host.roomDb, host.roomId)) {
    if (row.handle) keys.set(row.itemId, [...(keys.get(row.itemId) ?? []), storePageKey(row.handle)]);
  }
  return [...keys].map(([itemId, itemKeys]) => ({ _id: itemId, keys: itemKeys }));
}

async function stocktakeHere(ctx: MethodContext<RoomHost>, id: string): Promise<StocktakeRow> {
  const row = await findStocktake(ctx.host.roomDb, ctx.host.roomId, id);
  if (!row) throw new LiveError(404, STOCKTAKE_ERROR.NOT_FOUND);
  return row;
}

async function openStocktake(ctx: MethodContext<RoomHost>, id: string): Promise<StocktakeRow> {
  const row = await stocktakeHere(ctx, id);
  if (row.status !== "open") throw new LiveError(409, STOCKTAKE_ERROR.OVER);
  if (runningJobOn(ctx.host, "stocktake-apply", id)) throw new LiveError(409, STOCKTAKE_ERROR.APPLYING);
  return row;
}

/**
 * Where a scan counts: the location it names, among the stocktake's, else
 * the stocktake's first. A scan of a stocktake that is being applied, or
 * was, is late: kept, and applied when an owner or admin says so
 * (docs/stock.md); a discarded stocktake's is refused.
 */
function scanPlace(ctx: MethodContext<RoomHost>, row: StocktakeRow, locationId: string | undefined) {
  if (row.status === "cancelled") throw new LiveError(409, STOCKTAKE_ERROR.DISCARDED);
  const places = locationsOf(ctx.host.roomDb, row);
  if (locationId !== undefined && !places.includes(locationId)) throw new LiveError(400, STOCKTAKE_ERROR.NOT_HERE);
  const late = row.status === "applied" || runningJobOn(ctx.host, "stocktake-apply", row.id) !== undefined;
  return { locationId: locationId ?? (places[0] as string), late };
}

/** Every scan is made in this object, so a person's list reads again when one lands; the timer only catches what nothing announced. */
const SCANS_REREAD_MS = 5 * 60_000;

export function registerStocktake(registry: LiveRegistry<RoomHost>): void {
  registerBulkKind(
    "stocktake-apply",
    applyInBulk(async (host, after) => {
      announceStocktake(host, after, { ...after, status: "open", endedBy: null, endedAt: null });
      await announcePast(host, after);
    }),
  );
  registry.publish(PUBLICATION.STOCKTAKE, {
    args: PUBLICATION_ARGS[PUBLICATION.STOCKTAKE],
    run: async (ctx) => {
      await requireRole(ctx);
      return {
        kind: "observed",
        collection: COLLECTION.STOCKTAKES,
        key: "open",
        fetch: async () => {
          const open = await findOpenStocktake(ctx.host.roomDb, ctx.host.roomId);
          return open ? [asDoc(stocktakeDoc(ctx.host, open))] : [];
        },
        matches: (doc) => doc.status === "open",
      } as const;
    },
  });
  // Each person's own latest scans, which they may take back; what everyone's add up to is the tally's.
  registry.publish(PUBLICATION.STOCKTAKE_SCANS, {
    args: PUBLICATION_ARGS[PUBLICATION.STOCKTAKE_SCANS],
    run: async (ctx, stocktakeId) => {
      await requireRole(ctx);
      const userId = ctx.userId ?? "";
      return {
        kind: "polled",
        collection: COLLECTION.STOCKTAKE_SCANS,
        key: `${stocktakeId}|${userId}`,
        intervalMs: SCANS_REREAD_MS,
        fetch: async () => {
          const row = await findStocktake(ctx.host.roomDb, ctx.host.roomId, stocktakeId);
          const first = row ? (locationsOf(ctx.host.roomDb, row)[0] as string) : "";
          return latestScansOf(ctx.host.roomDb, ctx.host.roomId, stocktakeId, userId, STOCKTAKE_SCANS_SHOWN).map(
            (scan) => asDoc(toScanDoc(scan, first)),
          );
        },
      } as const;
    },
  });
  registerStocktakeTally(registry);

  // A snapshot when subscribed (again on each reconnect): labels printed since are still counted by the server.
  registry.publish(PUBLICATION.STOCKTAKE_LABELS, {
    args: PUBLICATION_ARGS[PUBLICATION.STOCKTAKE_LABELS],
    run: async (ctx) => {
      await requireRole(ctx);
      return {
        kind: "observed",
        collection: COLLECTION.STOCKTAKE_LABELS,
        fetch: async () => (await labelDocs(ctx.host)).map((doc) => asDoc(doc)),
        matches: () => false,
      } as const;
    },
  });

  defineMethod(registry, METHOD.STOCKTAKE_START, {
    run: async (ctx, locationIds) => {
      const role = await requireRole(ctx, can.count);
      const host = ctx.host;
      return host.writes.run(async () => {
        // One at a time: whoever starts while one is under way joins it.
        const open = await findOpenStocktake(host.roomDb, host.roomId);
        if (open) return open.id;
        // A counter takes part in a stocktake; starting one is for those who change the catalogue.
        if (!can.editItems(role)) throw new LiveError(403, "Ask a member of the room to start the stocktake");
        const places = [...new Set(locationIds ?? [])];
        for (const id of places) {
          if (!findOpenLocation(host.roomDb, id)) throw new LiveError(400, STOCKTAKE_ERROR.NO_LOCATION);
        }
        const row: StocktakeRow = {
          id: new RandomStream(ctx.randomSeed).id(COLLECTION.STOCKTAKES),
          roomId: host.roomId,
          status: "open",
          startedBy: ctx.userId as string,
          startedAt: host.now(),
          endedBy: null,
          endedAt: null,
          locations: JSON.stringify(places.length > 0 ? places : [firstLocationId(host.roomDb) ?? MAIN_LOCATION_ID]),
        };
        await insertStocktake(host.roomDb, row);
        announceStocktake(host, row, null);
        return row.id;
      }, ctx.userId ?? "");
    },
  });

  defineMethod(registry, METHOD.STOCKTAKE_SCAN, {
    run: async (ctx, stocktakeId, code, options) => {
      await requireRole(ctx, can.count);
      const host = ctx.host;
      return host.writes.run(async () => {
        const stocktake = await stocktakeHere(ctx, stocktakeId);
        const { locationId, late } = scanPlace(ctx, stocktake, options?.locationId);
        const target = await targetForCode(host, code);
        if (!target) throw new LiveError(404, unknownCode(code, STOCKTAKE_ERROR.UNKNOWN_CODE));
        const { item, variantId, variantName } = target;
        const itemId = item.id;
        const at = momentOfScan(options?.at, host.now(), stocktake.startedAt);
        const held = stockOfVariant(item, variantId)[locationId] ?? 0;
        const scan: ScanRow = {
          id: new RandomStream(ctx.randomSeed).id(COLLECTION.STOCKTAKE_SCANS),
          roomId: host.roomId,
          stocktakeId,
          itemId,
          variantId,
          locationId,
          userId: ctx.userId as string,
          at,
          // What the room had recorded there when it was counted: now, less what moved since.
          heldThen: held - movedSince(host.roomDb, { itemId, variantId, locationId }, at),
          takenBackAt: null,
          late: late ? "waiting" : null,
        };
        const inserted = await insertScan(host.roomDb, scan);
        if (inserted && !late) {
          const doc = toScanDoc(inserted, locationId);
          host.emit({ collection: COLLECTION.STOCKTAKE_SCANS, id: scan.id, doc: asDoc(doc), previous: null });
          announceTally(host, stocktake, doc);
        }
        if (inserted && late && stocktake.status === "applied") await announcePast(host, stocktake);
        return {
          scanId: scan.id,
          itemId,
          variantId,
          title: variantName ? `${item.title} — ${variantName}` : item.title,
          // Counted after the stocktake was applied: kept until an owner or admin applies it.
          late,
        };
      }, ctx.userId ?? "");
    },
  });

  defineMethod(registry, METHOD.STOCKTAKE_APPLY, {
    run: async (ctx, stocktakeId, options) => {
      await requireRole(ctx, can.manageMembers);
      const host = ctx.host;
      const actor = ctx.userId as string;
      // A re-sent apply (the first answer lost) waits for the run under way, or answers the one that ended.
      const ended = findJob(host, applyJobId(stocktakeId));
      if (!ended) await openStocktake(ctx, stocktakeId);
      return { changed: await applyStocktake(host, actor, stocktakeId, options?.unseenToZero ?? false) };
    },
  });

  defineMethod(registry, METHOD.STOCKTAKE_CANCEL, {
    run: async (ctx, stocktakeId) => {
      await requireRole(ctx, can.manageMembers);
      const host = ctx.host;
      const actor = ctx.userId as string;
      return host.writes.run(async () => {
        const before = await openStocktake(ctx, stocktakeId);
        const [after] = await endStocktakeQuery(host.roomDb, host.roomId, stocktakeId, "cancelled", actor, host.now());
        if (after) {
          announceStocktake(host, after, before);
          await announcePast(host, after);
        }
      }, actor);
    },
  });

  defineMethod(registry, METHOD.STOCKTAKE_APPLY_LATE, {
    run: async (ctx, stocktakeId) => {
      await requireRole(ctx, can.manageMembers);
      const stocktake = await stocktakeHere(ctx, stocktakeId);
      if (stocktake.status !== "applied") throw new LiveError(409, STOCKTAKE_ERROR.NO_LATE_SCANS);
      const changed = await applyLateScans(ctx.host, ctx.userId as string, stocktake);
      await ctx.host.writes.run(() => announcePast(ctx.host, stocktake), ctx.userId ?? "");
      return { changed };
    },
  });

  defineMethod(registry, METHOD.STOCKTAKE_DISCARD_LATE, {
    run: async (ctx, stocktakeId) => {
      await requireRole(ctx, can.manageMembers);
      const host = ctx.host;
      const stocktake = await stocktakeHere(ctx, stocktakeId);
      return host.writes.run(async () => {
        const set = markLateScans(host.roomDb, stocktakeId, null, "discarded").all();
        if (set.length > 0) await announcePast(host, stocktake);
        return { discarded: set.length };
      }, ctx.userId ?? "");
    },
  });

  defineMethod(registry, METHOD.STOCKTAKE_UNSCAN, {
    run: async (ctx, stocktakeId, scanId) => {
      const role = await requireRole(ctx, can.count);
      const host = ctx.host;
      return host.writes.run(async () => {
        const scan = await findScan(host.roomDb, host.roomId, scanId);
        // A late scan that still waits can be taken back too; any other only while the stocktake is open.
        const stocktake = scan?.late === "waiting" ? await stocktakeHere(ctx, stocktakeId) : null;
        const open = stocktake ? null : await openStocktake(ctx, stocktakeId);
        // Not (yet) here, or taken back already (a re-sent call): done.
        if (!scan || scan.stocktakeId !== stocktakeId || scan.takenBackAt !== null) return;
        if (scan.userId !== ctx.userId && !can.manageMembers(role))
          throw new LiveError(403, STOCKTAKE_ERROR.NOT_YOUR_SCAN);
        if (await takeBackScan(host.roomDb, host.roomId, scanId, host.now())) {
          if (stocktake) await announcePast(host, stocktake);
          else if (open) {
            // Named as the tally names it: a scan from before places counted at the stocktake's first.
            const doc = toScanDoc(scan, locationsOf(host.roomDb, open)[0] as string);
            host.emit({ collection: COLLECTION.STOCKTAKE_SCANS, id: scanId, doc: null, previous: asDoc(doc) });
            announceTally(host, open, doc);
          }
        }
      }, ctx.userId ?? "");
    },
  });

  registry.publish(PUBLICATION.PAST_STOCKTAKES, {
    args: PUBLICATION_ARGS[PUBLICATION.PAST_STOCKTAKES],
    run: async (ctx) => {
      await requireRole(ctx);
      return {
        kind: "observed",
        collection: COLLECTION.PAST_STOCKTAKES,
        key: "past",
        fetch: async () => (await pastStocktakes(ctx.host.roomDb, ctx.host.roomId)).map((doc) => asDoc(doc)),
        matches: () => true,
      } as const;
    },
  });
}
