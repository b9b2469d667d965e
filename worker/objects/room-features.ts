/**
 * The features a room hosts (docs/architecture.md §13): each registers its
 * methods, publications and reactions with the live layer, and may do
 * something once the room is open and at the room's alarm. The RoomDO only
 * runs this list; adding a feature to rooms is adding it here.
 */

import { registerAccounts } from "../accounts/accounts-feature";
import { registerPurchaseOrders } from "../buying/purchase-orders-feature";
import { registerStockReport } from "../buying/stock-report-feature";
import { registerSuppliers } from "../buying/suppliers-feature";
import { registerDashboard } from "../dashboard/dashboard-feature";
import { registerFiles } from "../files/files-feature";
import { photoLinks } from "../files/photo-links";
import { startBackfill } from "../inventory/backfills";
import { resumeBulkJobs } from "../inventory/bulk-jobs";
import { registerBulkJobs } from "../inventory/bulk-jobs-feature";
import { bringInPhotos, photosDue } from "../inventory/import-photos";
import { registerItems } from "../inventory/items-feature";
import { registerItemsWindow } from "../inventory/items-window-feature";
import { keepDigestScheduled, runDueDigest } from "../inventory/low-stock-digest";
import { SHARE_CODES_BACKFILL } from "../inventory/share-codes";
import { registerStock } from "../inventory/stock-feature";
import { TAGS_BACKFILL } from "../inventory/tags-backfill";
import { WORDS_BACKFILL } from "../inventory/words-backfill";
import type { LiveRegistry } from "../live/registry";
import { notifyNewOrders } from "../orders/order-emails";
import { recordOrderNow } from "../orders/orders-service";
import { registerPrinting } from "../printing/print-feature";
import { registerBackupRestore } from "../rooms/backup-restore-feature";
import { registerJoinLinks } from "../rooms/join-links-feature";
import { registerMembers } from "../rooms/members-feature";
import { registerPresence } from "../rooms/presence-feature";
import { registerRoomEndings } from "../rooms/room-endings";
import { dropAbandonedSnapshots } from "../rooms/room-export";
import { registerRoom, registerRoomCurrency } from "../rooms/room-feature";
import type { RoomExtensions, RoomHost } from "../rooms/room-host";
import { registerRoomOpening } from "../rooms/room-opening";
import { registerStocktake } from "../stocktake/stocktake-feature";
import { registerDeadLetters } from "../store/dead-letters";
import { driftCheckDue, driftForEmail, runDueDriftCheck } from "../store/store-drift";
import { registerStore } from "../store/store-feature";
import { storePageLinks } from "../store/store-pages";
import { pushToStore, storeOutboxDue } from "../store/store-push";
import { registerStoreReview } from "../store/store-review-feature";
import { settleStoreLevels, storeLevelsDue } from "../store/store-stock";
import { keepStoreSyncScheduled, runDueStoreSync } from "../store/sync-schedule";

/** Logs a failure a feature handles itself, and wants no alarm for it. */
const logged = (what: string) => (error: unknown) => {
  console.error(what, error);
  return null;
};

/** The sooner of two wake-ups (null: none wanted). */
const earliest = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.min(a, b));

/** When a feature next wants the room's alarm to go off (ms since the epoch), or null. */
type NextWake = Promise<number | null>;

export interface RoomFeature {
  /** What it is, for the log when its scheduled work fails. */
  name: string;
  /** Registers its methods, publications and reactions. */
  register(registry: LiveRegistry<RoomHost>): void;
  /** Once the room's rows are its own (each wake, or after moving in from D1): work a restart cut off, schedules. */
  opened?(host: RoomHost): NextWake;
  /** At the room's alarm: its work that is due. */
  alarm?(host: RoomHost): NextWake;
}

/** In the order they register: a change's reactions run in this order too. */
export const ROOM_FEATURES: readonly RoomFeature[] = [
  { name: "accounts", register: registerAccounts },
  {
    name: "room",
    register: (registry) => {
      registerRoom(registry);
      registerRoomCurrency(registry);
      registerBackupRestore(registry);
    },
    // An export's copy nobody ended (a download abandoned) goes once it is an hour old (room-export.ts).
    opened: async (host) => {
      dropAbandonedSnapshots(host);
      return null;
    },
  },
  { name: "members", register: registerMembers },
  { name: "room endings", register: registerRoomEndings },
  { name: "room opening", register: registerRoomOpening },
  { name: "join links", register: registerJoinLinks },
  {
    name: "items",
    register: registerItems,
    // What a migration left on the room's existing rows, done now it is open (backfills.ts): labels' codes
    // an earlier release kept only in the directory, and the tags of items from before their index.
    opened: async (host) => {
      for (const backfill of [SHARE_CODES_BACKFILL, TAGS_BACKFILL, WORDS_BACKFILL]) startBackfill(host, backfill);
      return null;
    },
  },
  { name: "catalogue window", register: registerItemsWindow },
  { name: "files", register: registerFiles },
  { name: "dashboard", register: registerDashboard },
  { name: "presence", register: registerPresence },
  {
    name: "store",
    register: registerStore,
    // The scheduled sync, and the store's stock changes waiting to settle (store/store-stock.ts).
    // and our movements on their way to the store (store/store-push.ts).
    // and the daily drift check (store/store-drift.ts).
    opened: async (host) =>
      [await storeLevelsDue(host), await storeOutboxDue(host), await driftCheckDue(host)].reduce(
        earliest,
        await keepStoreSyncScheduled(host),
      ),
    alarm: async (host) => {
      const settles = await settleStoreLevels(host);
      const pushes = await pushToStore(host);
      const drift = await runDueDriftCheck(host);
      return [settles, pushes, drift].reduce(earliest, await runDueStoreSync(host));
    },
  },
  { name: "store deliveries that failed", register: registerDeadLetters },
  { name: "store products held for review", register: registerStoreReview },
  { name: "stocktake", register: registerStocktake },
  {
    name: "bulk jobs",
    register: registerBulkJobs,
    // Bulk writes a restart cut off go on, and an import's photos still waiting are brought in.
    opened: async (host) => {
      resumeBulkJobs(host);
      return photosDue(host);
    },
    alarm: (host) => bringInPhotos(host),
  },
  // The low-stock e-mail: a failure is logged and waits for the next day, never retried at once.
  {
    name: "stock",
    register: registerStock,
    opened: (host) => keepDigestScheduled(host).catch(logged("stock: could not schedule the low-stock e-mail")),
    alarm: (host) => runDueDigest(host).catch(logged("stock: the low-stock e-mail failed")),
  },
  { name: "suppliers", register: registerSuppliers },
  { name: "purchase orders", register: registerPurchaseOrders },
  { name: "stock report", register: registerStockReport },
  { name: "print station", register: registerPrinting },
];

/**
 * What features lend each other through the host, so none imports another
 * (the RoomDO adds what needs its storage: a deleted room's clean-up).
 */
export const ROOM_EXTENSIONS: Omit<RoomExtensions, "eraseRoom"> = {
  itemPages: storePageLinks,
  recordOrder: recordOrderNow,
  ordersArrived: notifyNewOrders,
  photoLinks,
  storeDrift: driftForEmail,
};

/**
 * Runs one step (`opened` or `alarm`) of every feature, one after another,
 * and answers the earliest time any of them wants the alarm, and the first
 * failure: a feature whose step fails is logged and does not stop the
 * others, and the caller throws it once the alarm is set, so the runtime
 * retries the alarm (or the opening) as it would have.
 */
export async function runFeatureStep(
  features: readonly RoomFeature[],
  step: "opened" | "alarm",
  host: RoomHost,
): Promise<{ due: number | null; failed: unknown }> {
  let due: number | null = null;
  let failed: unknown = null;
  for (const feature of features) {
    const run = feature[step];
    if (!run) continue;
    try {
      const next = await run(host);
      if (next !== null && (due === null || next < due)) due = next;
    } catch (error) {
      console.error(`${feature.name}: ${step === "opened" ? "opening" : "scheduled work"} failed`, error);
      failed ??= error;
    }
  }
  return { due, failed };
}
