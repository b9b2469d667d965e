/**
 * The room's store connection (SPEC A5): the `store` publication (one
 * `connection` document, for every member, without any secret) and the
 * owner/admin methods to connect, test and disconnect. The Shopify side is
 * in worker/store/.
 */
import { COLLECTION, can, METHOD, METHOD_ARGS, PUBLICATION, PUBLICATION_ARGS } from "../../protocol/api";
import { equals } from "../../protocol/ejson";
import { deleteStoreConnection, findStoreConnection, saveStoreConnection, setStoreShopName } from "../db/store-repo";
import type { LiveRegistry } from "../live/registry";
import { asDoc, type MethodContext } from "../live/types";
import {
  fetchShopName,
  requireConnection,
  storeClientFor,
  toStoreConnectionDoc,
  tryConnection,
} from "../store/store-connection";
import { requireRole } from "./access";
import type { RoomHost } from "./room-host";

const DOC_ID = "connection";

async function currentDoc(host: RoomHost) {
  return toStoreConnectionDoc(await findStoreConnection(host.db, host.roomId));
}

/** Runs a write to the connection and tells subscribers what it changed; the caller holds host.writes. */
export async function changeStoreConnection(host: RoomHost, write: () => Promise<unknown>): Promise<void> {
  const before = await currentDoc(host);
  await write();
  const after = await currentDoc(host);
  if (!equals(before, after)) {
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
  registry.publish(PUBLICATION.STORE, {
    args: PUBLICATION_ARGS[PUBLICATION.STORE],
    run: async (ctx) => {
      await requireRole(ctx);
      return {
        kind: "observed",
        collection: COLLECTION.STORE,
        fetch: async () => [asDoc(await currentDoc(ctx.host))],
        matches: () => true,
      } as const;
    },
  });

  registry.method(METHOD.STORE_CONNECT, {
    args: METHOD_ARGS[METHOD.STORE_CONNECT],
    run: async (ctx, args) => {
      const userId = await manager(ctx);
      // Everything that talks to the store happens first; only a connection that worked is saved.
      const row = await tryConnection(ctx.host, userId, args);
      await publishWrite(ctx.host, () => saveStoreConnection(ctx.host.db, row));
      return { shopName: row.shopName };
    },
  });

  registry.method(METHOD.STORE_TEST, {
    args: METHOD_ARGS[METHOD.STORE_TEST],
    run: async (ctx) => {
      await manager(ctx);
      const row = await requireConnection(ctx.host);
      const shopName = await fetchShopName(storeClientFor(ctx.host, row));
      if (shopName !== row.shopName) {
        // The shop was renamed in Shopify: show its new name.
        await publishWrite(ctx.host, () =>
          setStoreShopName(ctx.host.db, ctx.host.roomId, row.secret, shopName, ctx.host.now()),
        );
      }
      return { shopName };
    },
  });

  registry.method(METHOD.STORE_DISCONNECT, {
    args: METHOD_ARGS[METHOD.STORE_DISCONNECT],
    run: async (ctx) => {
      await manager(ctx);
      await publishWrite(ctx.host, () => deleteStoreConnection(ctx.host.db, ctx.host.roomId));
    },
  });

  // Each connect or test calls the store: keep one person from hammering it (or probing credentials).
  registry.limit({
    id: "store-calls",
    match: {
      type: "method",
      name: (name) => name === METHOD.STORE_CONNECT || name === METHOD.STORE_TEST,
      userId: () => true,
    },
    limit: 10,
    intervalMs: 60_000,
  });
}
