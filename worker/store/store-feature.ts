/**
 * The room's online store (docs/product.md §5): the `store` publication (a
 * `connection` document without any secret, and the `sync` document with the
 * running or last sync's progress, for every member), the owner/admin
 * methods to connect, test and disconnect, and the members' methods to
 * publish, unpublish and sync. An edit of a published item follows it to the
 * store (a reaction). The Shopify side is beside it in worker/store/.
 */

import { COLLECTION, can, type ItemDoc, METHOD, PUBLICATION, type StoreConnected } from "../../protocol/api";
import { PUBLICATION_ARGS } from "../../protocol/args";
import { equals } from "../../protocol/ejson";
import { appUrl } from "../app-url";
import { defineMethod } from "../contract";
import { owedToDirectory } from "../db/room/directory-outbox";
import { runTogether } from "../db/room/room-database";
import {
  deleteStoreConnectionQuery,
  findStoreConnection,
  saveStoreConnectionQuery,
  setStoreShopName,
} from "../db/room/store-repo";
import { registerBulkKind, runBulkJob } from "../inventory/bulk-jobs";
import type { LiveRegistry } from "../live/registry";
import { asDoc, type MethodContext } from "../live/types";
import { requireRole } from "../rooms/access";
import type { RoomHost } from "../rooms/room-host";
import { itemSyncDoc } from "./item-sync-doc";
import { archiveRemovedItem, followItemChange, publishItem, unpublishItem } from "./publish";
import { resolveConflict } from "./store-conflicts";
import {
  fetchShopName,
  requireConnection,
  storeClientFor,
  toStoreConnectionDoc,
  tryConnection,
} from "./store-connection";
import { itemCounts } from "./store-counts";
import { checkDrift, driftDoc, sendOurCount, takeStoreCount } from "./store-drift";
import { mapStoreLocation, refreshStoreLocations, storeLocationsDoc } from "./store-locations";
import { movementsWritten, retryRefused } from "./store-push";
import { reviewDoc } from "./store-review";
import { storeRuntime } from "./store-runtime";
import { forgetShopNow } from "./store-unlink";
import { unlinkStoreItems } from "./store-unlink-job";
import { keepStoreSyncScheduled } from "./sync-schedule";
import { registerWebhooks } from "./webhook-subscriptions";

const DOC_ID = "connection";

async function currentDoc(host: RoomHost) {
  return toStoreConnectionDoc(await findStoreConnection(host.roomDb, host.roomId));
}

/**
 * Runs a write to the connection and tells subscribers what it changed; the
 * caller holds host.writes. A sync running for a connection that ends stops.
 */
export async function changeStoreConnection(host: RoomHost, write: () => Promise<unknown>): Promise<void> {
  const before = await currentDoc(host);
  await write();
  const after = await currentDoc(host);
  if (!equals(before, after)) {
    if (!after.connected || after.domain !== before.domain) storeRuntime(host).sync.stop();
    host.emit({ collection: COLLECTION.STORE, id: DOC_ID, doc: asDoc(after), previous: asDoc(before) });
  }
}

/** `changeStoreConnection`, one write at a time. */
function publishWrite(host: RoomHost, write: () => Promise<unknown>): Promise<void> {
  return host.writes.run(() => changeStoreConnection(host, write));
}

/** The caller, who must be allowed to manage the store (owners and admins). */
async function manager(ctx: MethodContext<RoomHost>): Promise<string> {
  await requireRole(ctx, can.manageStore);
  return ctx.userId ?? "";
}

export function registerStore(registry: LiveRegistry<RoomHost>): void {
  registerBulkKind("store-unlink", unlinkStoreItems);

  registry.publish(PUBLICATION.STORE, {
    args: PUBLICATION_ARGS[PUBLICATION.STORE],
    run: async (ctx) => {
      await requireRole(ctx);
      return {
        kind: "observed",
        collection: COLLECTION.STORE,
        fetch: async () => {
          const row = await findStoreConnection(ctx.host.roomDb, ctx.host.roomId);
          return [
            asDoc(toStoreConnectionDoc(row)),
            asDoc(storeRuntime(ctx.host).sync.view(row)),
            asDoc(storeLocationsDoc(ctx.host)),
            asDoc(driftDoc(ctx.host)),
            asDoc(reviewDoc(ctx.host)),
          ];
        },
        // Items' documents go to those who asked for that item (below).
        matches: (doc) => !String(doc._id).startsWith("item:"),
      } as const;
    },
  });

  registry.publish(PUBLICATION.STORE_ITEM, {
    args: PUBLICATION_ARGS[PUBLICATION.STORE_ITEM],
    run: async (ctx, itemId) => {
      await requireRole(ctx);
      return {
        kind: "observed",
        collection: COLLECTION.STORE,
        key: `item:${itemId}`,
        fetch: async () => [asDoc(itemSyncDoc(ctx.host, itemId))],
        matches: (doc) => doc._id === `item:${itemId}`,
      } as const;
    },
  });

  defineMethod(registry, METHOD.STORE_CONNECT, {
    run: async (ctx, args) => {
      const userId = await manager(ctx);
      // Everything that talks to the store happens first; only a connection that worked is saved.
      const row = await tryConnection(ctx.host, userId, args);
      let unlinking: string | null = null;
      await publishWrite(ctx.host, async () => {
        const previous = await findStoreConnection(ctx.host.roomDb, ctx.host.roomId);
        // The connection and the directory entry its webhooks are found by, together.
        const shop = {
          domain: row.shopDomain,
          webhookSecret: row.authKind === "client_credentials" ? row.secret : "",
        };
        runTogether(ctx.host.roomDb, [
          saveStoreConnectionQuery(ctx.host.roomDb, row),
          owedToDirectory(ctx.host.roomDb, { kind: "store-shop", roomId: row.roomId, shop }, ctx.host.now()),
        ]);
        if (previous && previous.shopDomain !== row.shopDomain) unlinking = await forgetShopNow(ctx.host);
      });
      // The old shop's links go a chunk at a time, after this write (its progress is in `bulkJobs`).
      if (unlinking) {
        const jobId = unlinking;
        ctx.host.background("store: unlinking the old shop's items", () => runBulkJob(ctx.host, jobId));
      }
      await ctx.host.syncDirectory();
      // From now on the room syncs this store from its own alarm (sync-schedule.ts).
      const syncDue = await keepStoreSyncScheduled(ctx.host);
      if (syncDue !== null) await ctx.host.wakeAt(syncDue);
      const saved = await requireConnection(ctx.host);
      const client = storeClientFor(ctx.host, saved);
      const webhooks = await registerWebhooks(client, appUrl(ctx.host.env, ctx), saved.authKind);
      // Where the store keeps stock; testing the connection reads them again if this fails.
      await refreshStoreLocations(ctx.host, client).catch((error) =>
        console.error("store: could not read the store's locations", error),
      );
      const answer: StoreConnected = { shopName: row.shopName, webhooks };
      return answer;
    },
  });

  defineMethod(registry, METHOD.STORE_TEST, {
    run: async (ctx) => {
      await manager(ctx);
      const row = await requireConnection(ctx.host);
      const client = storeClientFor(ctx.host, row);
      const shopName = await fetchShopName(client);
      await refreshStoreLocations(ctx.host, client);
      if (shopName !== row.shopName) {
        // The shop was renamed in Shopify: show its new name.
        await publishWrite(ctx.host, () =>
          setStoreShopName(ctx.host.roomDb, ctx.host.roomId, row.secret, shopName, ctx.host.now()),
        );
      }
      return { shopName };
    },
  });

  defineMethod(registry, METHOD.STORE_DISCONNECT, {
    run: async (ctx) => {
      await manager(ctx);
      await publishWrite(ctx.host, () => dropStoreConnection(ctx.host));
    },
  });

  defineMethod(registry, METHOD.STORE_PUBLISH, {
    run: async (ctx, itemId) => {
      await requireRole(ctx, can.useStore);
      return { storeProductId: await publishItem(ctx.host, ctx.userId ?? "", itemId, ctx.origin) };
    },
  });

  defineMethod(registry, METHOD.STORE_UNPUBLISH, {
    run: async (ctx, itemId) => {
      await requireRole(ctx, can.useStore);
      await unpublishItem(ctx.host, ctx.userId ?? "", itemId);
      return null;
    },
  });

  defineMethod(registry, METHOD.STORE_SYNC, {
    run: async (ctx, options) => {
      await requireRole(ctx, can.useStore);
      await requireConnection(ctx.host);
      const { sync } = storeRuntime(ctx.host);
      if (sync.running) return { started: false };
      // The sync goes on after this answer; its progress is the `sync` document.
      sync.run(ctx.host, options?.full === true).catch((error) => console.error("store: sync failed", error));
      return { started: true };
    },
  });

  defineMethod(registry, METHOD.STORE_MAP_LOCATION, {
    run: async (ctx, storeLocationId, locationId) => {
      await manager(ctx);
      await mapStoreLocation(ctx.host, storeLocationId, locationId);
      return null;
    },
  });

  defineMethod(registry, METHOD.STORE_CHECK_DRIFT, {
    run: async (ctx) => {
      await requireRole(ctx, can.useStore);
      await requireConnection(ctx.host);
      const running = storeRuntime(ctx.host).driftRun !== null;
      // It goes on after this answer; its progress and outcome are the `drift` document.
      if (!running) checkDrift(ctx.host).catch((error) => console.error("store: drift check failed", error));
      return { started: !running };
    },
  });

  defineMethod(registry, METHOD.STORE_TAKE_COUNT, {
    run: async (ctx, line) => {
      const userId = await manager(ctx);
      return takeStoreCount(ctx.host, userId, line.itemId, line.variantId, line.locationId);
    },
  });

  defineMethod(registry, METHOD.STORE_SEND_COUNT, {
    run: async (ctx, line) => {
      await manager(ctx);
      return sendOurCount(ctx.host, line.itemId, line.variantId, line.locationId);
    },
  });

  defineMethod(registry, METHOD.STORE_ITEM_COUNTS, {
    run: async (ctx, itemId) => {
      await requireRole(ctx);
      return itemCounts(ctx.host, itemId);
    },
  });

  defineMethod(registry, METHOD.STORE_RESOLVE_CONFLICT, {
    run: async (ctx, itemId, field, keep) => {
      await requireRole(ctx, can.useStore);
      await resolveConflict(ctx.host, ctx.userId ?? "", itemId, field, keep);
      return null;
    },
  });

  defineMethod(registry, METHOD.STORE_RETRY_ITEM, {
    run: async (ctx, itemId) => {
      await requireRole(ctx, can.useStore);
      return retryRefused(ctx.host, itemId);
    },
  });

  // A movement made here may be on its way to the store (the outbox trigger wrote it with the movement).
  registry.react((host, change) => {
    if (change.collection === COLLECTION.MOVEMENTS && change.doc && !change.previous) {
      movementsWritten(host, [String(change.doc.itemId)]);
    }
  });

  registry.react((host, change) => {
    if (change.collection !== COLLECTION.ITEMS) return;
    const previous = change.previous as unknown as ItemDoc | null;
    if (change.doc) followItemChange(host, change.doc as unknown as ItemDoc, previous);
    else if (previous?.storeProductId) archiveRemovedItem(host, previous);
  });

  // Each connect or test calls the store: keep one person from hammering it (or probing credentials).
  registry.limit({
    id: "store-calls",
    match: {
      type: "method",
      name: (name) =>
        name === METHOD.STORE_CONNECT ||
        name === METHOD.STORE_TEST ||
        name === METHOD.STORE_SYNC ||
        name === METHOD.STORE_MAP_LOCATION ||
        name === METHOD.STORE_CHECK_DRIFT ||
        name === METHOD.STORE_ITEM_COUNTS,
      userId: () => true,
    },
    limit: 10,
    intervalMs: 60_000,
  });
  // Publishing a selection is one call per item: room for a few hundred a minute, not for a loop.
  registry.limit({
    id: "store-publish",
    match: {
      type: "method",
      name: (name) => name === METHOD.STORE_PUBLISH || name === METHOD.STORE_UNPUBLISH,
      userId: () => true,
    },
    limit: 300,
    intervalMs: 60_000,
  });
}

/** Removes the room's store connection, and its directory entry (webhooks for it are no longer taken). */
export async function dropStoreConnection(host: RoomHost): Promise<boolean> {
  const [removed] = runTogether(host.roomDb, [
    deleteStoreConnectionQuery(host.roomDb, host.roomId),
    owedToDirectory(host.roomDb, { kind: "store-shop", roomId: host.roomId, shop: null }, host.now()),
  ]);
  host.background("directory: store shop removed", () => host.syncDirectory());
  return removed.length > 0;
}
