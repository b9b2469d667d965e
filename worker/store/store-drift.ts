/**
 * The drift check (docs/stock.md, "The drift check"): every linked
 * variant's stock at every mapped location, compared with the store's. A
 * difference is listed, never corrected by itself: per line, a person takes
 * the store's count (a correction here, not sent back) or sends ours (an
 * adjustment to the store, nothing moves here). Runs when asked, from the
 * Store tab, and once a day at the room's alarm; the daily low-stock e-mail
 * reports what it found (inventory/low-stock-digest.ts).
 */
import { COLLECTION, type StoreDriftDoc, type StoreDriftLine, variantName } from "../../protocol/api";
import { LiveError } from "../../protocol/errors";
import { newId } from "../db/directory/database";
import { findItemRow } from "../db/room/item-statements";
import { runTogether } from "../db/room/room-database";
import { readState, writeState } from "../db/room/room-state";
import { sendCountQuery, waitingDeltas } from "../db/room/store-outbox-repo";
import { findStoreConnection } from "../db/room/store-repo";
import {
  findLevel,
  linkedInventoryItems,
  listStoreLocations,
  saveLevelQuery,
  variantLinksOfItem,
} from "../db/room/store-stock-repo";
import type { StoreVariantRow } from "../db/room/store-stock-tables";
import { writeItems } from "../inventory/item-pipeline";
import { made } from "../inventory/item-writes";
import { stockOnlyChange } from "../inventory/stock-change";
import { stockMoves, variantsOfRow } from "../inventory/stock-moves";
import { asDoc } from "../live/types";
import type { RoomHost } from "../rooms/room-host";
import type { ShopifyClient } from "./shopify-client";
import { LEVELS_PAGE } from "./shopify-queries";
import { requireConnection, storeClientFor } from "./store-connection";
import { storeCounts } from "./store-levels-read";
import { schedulePush } from "./store-push";
import { storeRuntime } from "./store-runtime";
import { startedAt } from "./store-stock-write";

/** The last check's outcome (room_state, JSON), and when the next daily one is due. */
const DRIFT_STATE = "store-drift";
const DRIFT_DUE = "store-drift-due";
/** Differences the document lists (the rest are counted). */
export const DRIFT_LISTED = 200;
export const DRIFT_EVERY_MS = 24 * 3600_000;

/** The store's `available` of each inventory item at each of its locations: `inventoryItemId storeLocationId` → units. */
async function storeLevels(client: ShopifyClient, inventoryItemIds: readonly string[]): Promise<Map<string, number>> {
  const counts = await storeCounts(client, inventoryItemIds);
  return new Map([...counts].map(([key, each]) => [key, each.available]));
}

const idle = (): StoreDriftDoc => ({
  _id: "drift",
  running: false,
  checked: 0,
  total: 0,
  lines: [],
  differences: 0,
  checkedAt: null,
  error: "",
});

/** The last check as kept (or none). */
function storedDrift(host: RoomHost): StoreDriftDoc {
  const saved = readState(host.roomDb, DRIFT_STATE);
  if (!saved) return idle();
  const parsed = JSON.parse(saved) as Omit<StoreDriftDoc, "checkedAt"> & { checkedAt: number | null };
  return { ...parsed, running: false, checkedAt: parsed.checkedAt === null ? null : new Date(parsed.checkedAt) };
}

/** The `drift` document of the `store` publication: the running check, else the last one. */
export function driftDoc(host: RoomHost): StoreDriftDoc {
  return storeRuntime(host).drift ?? storedDrift(host);
}

function show(host: RoomHost, next: StoreDriftDoc): void {
  const previous = driftDoc(host);
  storeRuntime(host).drift = next.running ? next : null;
  host.emit({ collection: COLLECTION.STORE, id: "drift", doc: asDoc(next), previous: asDoc(previous) });
}

function keep(host: RoomHost, doc: StoreDriftDoc): void {
  const now = host.now();
  writeState(
    host.roomDb,
    DRIFT_STATE,
    JSON.stringify({ ...doc, running: false, checkedAt: doc.checkedAt?.getTime() ?? null }),
    now,
  );
  show(host, { ...doc, running: false });
}

/** A variant's lines at the mapped locations, given the store's levels; none where they agree or a store change is settling. */
function linesOf(
  host: RoomHost,
  link: StoreVariantRow,
  store: Map<string, number>,
  waiting: Map<string, number>,
): StoreDriftLine[] {
  const item = findItemRow(host.roomDb, host.roomId, link.itemId);
  const variant = item ? variantsOfRow(item).find((each) => each._id === link.variantId) : undefined;
  if (!item || !variant) return [];
  const title = variant.values.length ? `${item.title} — ${variantName(variant)}` : item.title;
  return listStoreLocations(host.roomDb)
    .filter((place) => place.active && place.locationId)
    .flatMap((place) => {
      const key = `${link.inventoryItemId} ${place.storeLocationId}`;
      // A change the store reported and the room has not applied yet settles by itself.
      if ((findLevel(host.roomDb, link.inventoryItemId, place.storeLocationId)?.pending ?? 0) !== 0) return [];
      const here = (variant.stock[place.locationId] ?? 0) - (waiting.get(key) ?? 0);
      const inStore = store.get(key) ?? 0;
      if (here === inStore) return [];
      return [
        {
          itemId: item.id,
          variantId: variant._id,
          title,
          locationId: place.locationId,
          storeLocationId: place.storeLocationId,
          here,
          store: inStore,
        },
      ];
    });
}

/** Compares every linked variant with the store, a page at a time, with progress; keeps and answers the outcome. */
export function checkDrift(host: RoomHost): Promise<StoreDriftDoc> {
  const runtime = storeRuntime(host);
  runtime.driftRun ??= runCheck(host).finally(() => {
    runtime.driftRun = null;
  });
  return runtime.driftRun;
}

async function runCheck(host: RoomHost): Promise<StoreDriftDoc> {
  const connection = await requireConnection(host);
  const client = storeClientFor(host, connection);
  const links = linkedInventoryItems(host.roomDb);
  let doc: StoreDriftDoc = { ...idle(), running: true, total: links.length };
  show(host, doc);
  const lines: StoreDriftLine[] = [];
  try {
    for (let start = 0; start < links.length; start += LEVELS_PAGE) {
      const page = links.slice(start, start + LEVELS_PAGE);
      const store = await storeLevels(client, [...new Set(page.map((link) => link.inventoryItemId))]);
      // Read in a write turn: the room's stock and what is on its way to the store, at one moment.
      await host.writes.run(async () => {
        const waiting = waitingDeltas(host.roomDb);
        for (const link of page) lines.push(...linesOf(host, link, store, waiting));
      });
      doc = { ...doc, checked: start + page.length, differences: lines.length, lines: lines.slice(0, DRIFT_LISTED) };
      show(host, doc);
    }
    const done = { ...doc, running: false, checkedAt: new Date(host.now()) };
    await host.writes.run(async () => keep(host, done));
    return done;
  } catch (error) {
    const reason = error instanceof LiveError ? error.reason : "The check stopped on an unexpected error";
    if (!(error instanceof LiveError)) console.error("store: the drift check failed", error);
    const stopped = { ...doc, running: false, error: reason ?? "The check stopped", checkedAt: new Date(host.now()) };
    await host.writes.run(async () => keep(host, stopped));
    return stopped;
  }
}

/** The line a person acts on, read afresh from the store: the variant's link, the place, and the store's count. */
async function freshLine(host: RoomHost, itemId: string, variantId: string, locationId: string) {
  const connection = await requireConnection(host);
  const link = variantLinksOfItem(host.roomDb, itemId).find(
    (each) => each.variantId === variantId && each.inventoryItemId,
  );
  const place = listStoreLocations(host.roomDb).find((each) => each.active && each.locationId === locationId);
  if (!link || !place) throw new LiveError(404, "That variant is not kept in step with the store there");
  const key = `${link.inventoryItemId} ${place.storeLocationId}`;
  const store = (await storeLevels(storeClientFor(host, connection), [link.inventoryItemId])).get(key) ?? 0;
  return { link, place, key, store };
}

/**
 * In the caller's write turn: the item, and our count of the variant at the
 * location less what is still on its way to the store; and the store's
 * level as just read, for the room to measure from (our adjustment, if
 * any, adds to it once the store has it).
 */
function ourSide(host: RoomHost, line: Awaited<ReturnType<typeof freshLine>>, variantId: string, locationId: string) {
  const item = findItemRow(host.roomDb, host.roomId, line.link.itemId);
  const variant = item ? variantsOfRow(item).find((each) => each._id === variantId) : undefined;
  if (!item || !variant) throw new LiveError(404, "Item not found");
  const ours = (variant.stock[locationId] ?? 0) - (waitingDeltas(host.roomDb).get(line.key) ?? 0);
  const { inventoryItemId } = line.link;
  const { storeLocationId } = line.place;
  const level = saveLevelQuery(host.roomDb, {
    inventoryItemId,
    storeLocationId,
    available: line.store,
    reportedAt: startedAt(host.now()),
    later: "[]",
    pending: 0,
    settlesAt: 0,
    reported: findLevel(host.roomDb, inventoryItemId, storeLocationId)?.reported ?? false,
  });
  return { item, ours, level };
}

/** The line is settled: it leaves the kept outcome (the rest stays as checked). */
function settled(host: RoomHost, itemId: string, variantId: string, locationId: string): void {
  const doc = storedDrift(host);
  const lines = doc.lines.filter(
    (line) => !(line.itemId === itemId && line.variantId === variantId && line.locationId === locationId),
  );
  if (lines.length === doc.lines.length) return;
  keep(host, { ...doc, lines, differences: Math.max(0, doc.differences - 1) });
}

/**
 * Takes the store's count for one variant at one location: a correction
 * here by the person, naming the store's inventory item (so it is not sent
 * back), and the store's level as the room's starting point. Answers the change.
 */
export async function takeStoreCount(
  host: RoomHost,
  actor: string,
  itemId: string,
  variantId: string,
  locationId: string,
): Promise<number> {
  const line = await freshLine(host, itemId, variantId, locationId);
  return host.writes.run(async () => {
    const { item, ours, level } = ourSide(host, line, variantId, locationId);
    const delta = line.store - ours;
    if (delta !== 0) {
      const moves = stockMoves(
        item,
        [
          {
            variantId,
            locationId,
            delta,
            reason: "correction",
            note: "Taken from the store's count",
            reference: line.link.inventoryItemId,
          },
        ],
        made(host, actor, host.now()),
      );
      writeItems(host, {
        actor,
        at: host.now(),
        items: [stockOnlyChange(host, actor, item, moves, "store")],
        last: [level],
      });
    } else {
      runTogether(host.roomDb, [level]);
    }
    settled(host, itemId, variantId, locationId);
    return delta;
  });
}

/** Sends our count for one variant at one location to the store: an adjustment by the difference. Answers it. */
export async function sendOurCount(
  host: RoomHost,
  itemId: string,
  variantId: string,
  locationId: string,
): Promise<number> {
  const line = await freshLine(host, itemId, variantId, locationId);
  const delta = await host.writes.run(async () => {
    const { ours, level } = ourSide(host, line, variantId, locationId);
    const difference = ours - line.store;
    runTogether(host.roomDb, [
      level,
      ...(difference !== 0
        ? [
            sendCountQuery(host.roomDb, {
              movementId: `count-${newId()}`,
              itemId,
              inventoryItemId: line.link.inventoryItemId,
              storeLocationId: line.place.storeLocationId,
              delta: difference,
            }),
          ]
        : []),
    ]);
    settled(host, itemId, variantId, locationId);
    return difference;
  });
  if (delta !== 0) schedulePush(host);
  return delta;
}

/** The daily check, at the room's alarm: run when due; answers when the next is due (null without a store). */
export async function runDueDriftCheck(host: RoomHost, now = host.now()): Promise<number | null> {
  if (!(await findStoreConnection(host.roomDb, host.roomId))) return null;
  const due = Number(readState(host.roomDb, DRIFT_DUE) ?? 0);
  if (due === 0) {
    // The first: a day after the room started keeping its stock in step.
    const first = now + DRIFT_EVERY_MS;
    writeState(host.roomDb, DRIFT_DUE, String(first), now);
    return first;
  }
  if (due > now) return due;
  const next = now + DRIFT_EVERY_MS;
  writeState(host.roomDb, DRIFT_DUE, String(next), now);
  await checkDrift(host);
  return next;
}

/** When the daily check is next due (each wake; the first is set a day ahead), without running it. */
export async function driftCheckDue(host: RoomHost): Promise<number | null> {
  if (!(await findStoreConnection(host.roomDb, host.roomId))) return null;
  const due = Number(readState(host.roomDb, DRIFT_DUE) ?? 0);
  if (due > 0) return due;
  const first = host.now() + DRIFT_EVERY_MS;
  writeState(host.roomDb, DRIFT_DUE, String(first), host.now());
  return first;
}

/** What the daily e-mail says of the last check: how many differ, and the first few. */
export function driftForEmail(host: RoomHost): { differences: number; lines: StoreDriftLine[] } {
  const doc = storedDrift(host);
  return { differences: doc.differences, lines: doc.lines };
}
