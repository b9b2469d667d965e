/**
 * Our movements reach the store (docs/stock.md, "Our movements reach the
 * store"): each movement of a linked variant at a mapped location waits in
 * the room's outbox (written with the movement, store-stock-tables.ts) and
 * goes to the store as an adjustment — a delta with Shopify's matching
 * reason and a reference naming our movement — so a sale made in the store
 * meanwhile is never overwritten. Batched per reason, each batch with an
 * idempotency key it keeps when retried (the store applies it once); a
 * failure that may pass is retried with back-off from the room's alarm; a
 * batch the store refuses is sent again one movement at a time, so only the
 * one at fault waits, with the store's words, for a person.
 */
import * as v from "valibot";
import type { MovementReason } from "../../protocol/api";
import { LiveError } from "../../protocol/errors";
import { newId } from "../db/directory/database";
import { runTogether } from "../db/room/room-database";
import {
  aloneQuery,
  dueOutbox,
  failedQuery,
  nextOutboxDue,
  outboxOfItem,
  refusedQuery,
  retryRefusedQuery,
  sendingQuery,
  sentQuery,
} from "../db/room/store-outbox-repo";
import { findStoreConnection } from "../db/room/store-repo";
import type { StoreOutboxRow } from "../db/room/store-stock-tables";
import type { RoomHost } from "../rooms/room-host";
import { announceItems, itemSyncDoc } from "./item-sync-doc";
import { INVENTORY_ADJUST_MUTATION } from "./shopify-queries";
import { storeClientFor } from "./store-connection";
import { storeRuntime } from "./store-runtime";
import { storeHasOurs } from "./store-stock";

/** Shopify's adjustment reason for each of ours (its list: docs/stock.md). */
const STORE_REASON: Record<MovementReason, string> = {
  received: "received",
  sold: "other",
  returned: "restock",
  damaged: "damaged",
  lost: "shrinkage",
  correction: "correction",
  stocktake: "cycle_count_available",
  transfer: "movement_created",
};

/** Movements per adjustment sent (one mutation). */
const BATCH_SIZE = 50;
/** Batches sent per push before the room's other work gets a turn (the rest go at once after). */
const BATCHES_PER_PUSH = 20;
/** How soon after a movement it goes: a burst (a stocktake applied) is one push. */
export const PUSH_DELAY_MS = 500;
const BACKOFF_FIRST_MS = 2_000;
const BACKOFF_MOST_MS = 5 * 60_000;

/** The non-Shopify URI that names a movement of this room in the store's inventory history. */
export const movementUri = (movementId: string) => `gid://stockroom/Movement/${movementId}`;

const answer = v.object({
  inventoryAdjustmentGroup: v.nullish(v.object({ id: v.string() })),
  userErrors: v.array(v.object({ message: v.string() })),
});

/** The next batch to send, marked as sent now (in the caller's write turn); null when nothing is due. */
function takeBatch(host: RoomHost): { rows: StoreOutboxRow[]; key: string } | null {
  const due = dueOutbox(host.roomDb, host.now(), BATCH_SIZE * 4);
  const [first] = due;
  if (!first) return null;
  let rows: StoreOutboxRow[];
  let key = first.batch;
  if (key) rows = due.filter((row) => row.batch === key);
  else if (first.alone) rows = [first];
  else rows = due.filter((row) => !row.alone && !row.batch && row.reason === first.reason).slice(0, BATCH_SIZE);
  key ||= `stockroom-${host.roomId}-${newId()}`;
  runTogether(host.roomDb, [
    sendingQuery(
      host.roomDb,
      rows.map((row) => row.movementId),
      key,
      host.now(),
    ),
  ]);
  return { rows: rows.map((row) => ({ ...row, batch: key, sentAt: host.now() })), key };
}

async function send(host: RoomHost, rows: readonly StoreOutboxRow[], key: string): Promise<string[]> {
  const connection = await findStoreConnection(host.roomDb, host.roomId);
  if (!connection) throw new LiveError(409, "The store is not connected");
  const input = {
    name: "available",
    reason: STORE_REASON[rows[0]?.reason as MovementReason] ?? "other",
    referenceDocumentUri:
      rows.length === 1 ? movementUri(rows[0]?.movementId ?? "") : `gid://stockroom/MovementBatch/${key}`,
    changes: rows.map((row) => ({
      inventoryItemId: row.inventoryItemId,
      locationId: row.storeLocationId,
      delta: row.delta,
      // An adjustment, never a count: the store's own sales meanwhile stay (no compare).
      changeFromQuantity: null,
    })),
  };
  const data = await storeClientFor(host, connection).request<Record<string, unknown> | null>(
    INVENTORY_ADJUST_MUTATION,
    { input, key },
  );
  const parsed = v.safeParse(answer, data?.inventoryAdjustQuantities);
  if (!parsed.success) throw new LiveError(502, "The store's answer could not be read");
  return parsed.output.userErrors.map((error) => error.message);
}

/**
 * Sends what is due, batch by batch; answers when the outbox next wants
 * the alarm (a back-off), or null when nothing waits. One push per room at
 * a time: a movement made meanwhile is sent by the push after.
 */
export async function pushToStore(host: RoomHost): Promise<number | null> {
  const runtime = storeRuntime(host);
  if (runtime.pushing) return nextOutboxDue(host.roomDb);
  runtime.pushing = true;
  try {
    if (!(await findStoreConnection(host.roomDb, host.roomId))) return null;
    for (let round = 0; round < BATCHES_PER_PUSH; round++) {
      const batch = await host.writes.run(async () => takeBatch(host));
      if (!batch) break;
      const ids = batch.rows.map((row) => row.movementId);
      const items = batch.rows.map((row) => row.itemId);
      const before = new Map(items.map((itemId) => [itemId, itemSyncDoc(host, itemId)]));
      let refusals: string[];
      try {
        refusals = await send(host, batch.rows, batch.key);
      } catch (error) {
        const reason = error instanceof LiveError ? error.reason : "The store could not be reached";
        if (!(error instanceof LiveError)) console.error("store: sending movements failed", error);
        const attempts = Math.max(...batch.rows.map((row) => row.attempts));
        const dueAt = host.now() + Math.min(BACKOFF_MOST_MS, BACKOFF_FIRST_MS * 2 ** attempts);
        await host.writes.run(async () => {
          runTogether(host.roomDb, [failedQuery(host.roomDb, ids, reason ?? "Failed", dueAt)]);
          announceItems(host, items, before);
        });
        break;
      }
      await host.writes.run(async () => {
        if (refusals.length === 0) {
          runTogether(host.roomDb, [sentQuery(host.roomDb, ids)]);
          // What the store will report next includes these: not a change to move stock by.
          await storeHasOurs(host, batch.rows);
        } else if (batch.rows.length > 1) {
          runTogether(host.roomDb, [aloneQuery(host.roomDb, ids)]);
        } else {
          runTogether(host.roomDb, [refusedQuery(host.roomDb, ids[0] ?? "", refusals.join("; ").slice(0, 300))]);
        }
        announceItems(host, items, before);
      });
    }
    return nextOutboxDue(host.roomDb);
  } finally {
    runtime.pushing = false;
  }
}

/** Sends the outbox a moment from now (a burst of movements is one push); failures wait for the alarm. */
export function schedulePush(host: RoomHost): void {
  const runtime = storeRuntime(host);
  if (runtime.pushTimer) return;
  runtime.pushTimer = setTimeout(() => {
    runtime.pushTimer = undefined;
    pushToStore(host)
      .then((due) => (due !== null ? host.wakeAt(due) : undefined))
      .catch((error) => console.error("store: push failed", error));
  }, PUSH_DELAY_MS);
}

/** Movements were written for these items: their status changed, and the outbox may have more to send. */
export function movementsWritten(host: RoomHost, itemIds: Iterable<string>): void {
  // Most movements are of items the store does not have (or rooms with no store): one indexed read, nothing more.
  const waiting = [...new Set(itemIds)].filter((itemId) => outboxOfItem(host.roomDb, itemId).waiting > 0);
  if (waiting.length === 0) return;
  announceItems(host, waiting, new Map());
  schedulePush(host);
}

/** A person sends an item's refused movements again; answers how many. */
export function retryRefused(host: RoomHost, itemId: string): Promise<number> {
  return host.writes.run(async () => {
    const before = new Map([[itemId, itemSyncDoc(host, itemId)]]);
    const [retried] = runTogether(host.roomDb, [retryRefusedQuery(host.roomDb, itemId)]);
    announceItems(host, [itemId], before);
    schedulePush(host);
    return (retried as unknown[]).length;
  });
}

/** When the room's alarm should next send to the store (each wake), or null. */
export async function storeOutboxDue(host: RoomHost): Promise<number | null> {
  return nextOutboxDue(host.roomDb);
}
