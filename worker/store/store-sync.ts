/**
 * Synchronising a room from its store (docs/product.md §5): products, then orders,
 * then customers, each read page by page (cursors to the end, paced by the
 * client's cost budget) and stored a page at a time in the room's write
 * queue, so dashboards move while it runs. An incremental sync asks only for
 * what changed since the last one that finished that kind; a kind's mark
 * moves only when all its pages are in, so a sync that stops (store error,
 * disconnect) is reported as stopped — never as complete — and the next one
 * goes on from the last mark. One sync per room at a time.
 */
import * as v from "valibot";
import { COLLECTION, type StoreSyncDoc, type StoreSyncPhase } from "../../protocol/api";
import { LiveError } from "../../protocol/errors";
import { upsertCustomerPage } from "../db/room/customers-repo";
import { type OrderInput, toOrderDoc, upsertOrderPage } from "../db/room/orders-repo";
import type { StoreConnectionRow } from "../db/room/room-schema";
import { findStoreConnection, saveSyncMark, saveSyncOutcome, syncMark } from "../db/room/store-repo";
import { asDoc } from "../live/types";
import type { RoomHost } from "../rooms/room-host";
import type { ShopifyClient } from "./shopify-client";
import {
  COUNT_QUERIES,
  CUSTOMERS_PAGE,
  CUSTOMERS_QUERY,
  ORDERS_PAGE,
  ORDERS_QUERY,
  PRODUCT_VARIANTS_QUERY,
  PRODUCTS_PAGE,
  PRODUCTS_QUERY,
  SHOP_CURRENCY_QUERY,
  updatedSince,
} from "./shopify-queries";
import { requireConnection, storeClientFor } from "./store-connection";
import { badAnswer } from "./store-errors";
import { bringInStoreLevels, keepsStoreLocations } from "./store-levels-in";
import { readProduct, type StoreProduct, variantFromNode, variantsConnection } from "./store-product-record";
import { applyStoreProductNow } from "./store-products";
import { type Page, readCount, readCustomer, readOrder, readPage } from "./store-records";

export const SYNC_PHASES: readonly StoreSyncPhase[] = ["products", "orders", "customers"];

/** How far behind its writes the store's search (the `updated_at` filter) may be. */
const INDEX_LAG_MS = 5 * 60_000;

/** A sync stops at the next page when the store is disconnected under it. */
const DISCONNECTED = "The store was disconnected";

/** What every page of a sync needs to know about the shop. */
interface ShopContext {
  currency: string;
  /** When the room connected the store: older orders are its history, not news to e-mail about. */
  connectedAt: number;
}

interface Phase<T extends { updatedAt: number }> {
  query: string;
  pageSize: number;
  read(node: unknown): T;
  /** Reads what a page's records left for later (a product's variants past the first page), before they are stored. */
  complete?(client: ShopifyClient, records: T[]): Promise<T[]>;
  /** After a page is stored: what follows from it outside the write queue (a page of products' stock per location). */
  after?(host: RoomHost, client: ShopifyClient, records: T[]): Promise<void>;
  /** Stores a page; may answer how many records it had to leave out (a number). */
  store(host: RoomHost, records: T[], shop: ShopContext): Promise<unknown>;
}

async function storeOrders(
  host: RoomHost,
  records: (OrderInput & { updatedAt: number })[],
  shop: ShopContext,
): Promise<void> {
  // One row per order, its latest version (a page could in principle repeat one).
  const latest = new Map(
    records.map(({ updatedAt, ...order }) => [order.storeOrderId, { ...order, storeUpdatedAt: updatedAt }]),
  );
  const { before, after } = await upsertOrderPage(host.roomDb, host.roomId, [...latest.values()], host.now());
  const stored = new Map(before.map((row) => [row.storeOrderId, row]));
  for (const row of after) {
    const previous = stored.get(row.storeOrderId);
    host.emit({
      collection: COLLECTION.ORDERS,
      id: row.id,
      doc: asDoc(toOrderDoc(row)),
      previous: previous ? asDoc(toOrderDoc(previous)) : null,
    });
  }
  host.extensions.ordersArrived(
    host,
    [...latest.values()].filter((order) => !stored.has(order.storeOrderId) && order.createdAt >= shop.connectedAt),
  );
}

/** A product with more variants than its page held, with the rest read (a page at a time). */
async function withAllVariants(client: ShopifyClient, product: StoreProduct): Promise<StoreProduct> {
  let after = product.moreVariantsAfter;
  const variants = [...product.variants];
  while (after) {
    const data = await client.request<{ product?: { variants?: unknown } | null }>(PRODUCT_VARIANTS_QUERY, {
      id: product.productId,
      after,
    });
    const page = v.safeParse(variantsConnection, data?.product?.variants);
    if (!page.success) throw badAnswer();
    variants.push(...page.output.nodes.map(variantFromNode));
    after = page.output.pageInfo.hasNextPage ? page.output.pageInfo.endCursor : null;
  }
  return { ...product, variants, moreVariantsAfter: null };
}

const PHASES = {
  products: {
    query: PRODUCTS_QUERY,
    pageSize: PRODUCTS_PAGE,
    read: readProduct,
    complete: (client, records) => Promise.all(records.map((product) => withAllVariants(client, product))),
    // Each product's stock at each store location kept here, for those whose levels the room does not know yet.
    after: (host, client, records) =>
      bringInStoreLevels(
        host,
        client,
        records.flatMap((product) => product.variants.map((variant) => variant.inventoryItemId)),
      ),
    store: async (host, records, shop) => {
      let skipped = 0;
      const levelsAfter = keepsStoreLocations(host);
      for (const product of records) {
        // One product that cannot become an item (its SKU is taken here, say) must not stop the orders behind it.
        try {
          await applyStoreProductNow(host, product, { create: true, currency: shop.currency, levelsAfter });
        } catch (error) {
          skipped++;
          const reason = error instanceof LiveError ? error.reason : error;
          console.error(`store: product ${product.productId} of room ${host.roomId} skipped`, reason);
        }
      }
      return skipped;
    },
  } satisfies Phase<ReturnType<typeof readProduct>>,
  orders: {
    query: ORDERS_QUERY,
    pageSize: ORDERS_PAGE,
    read: readOrder,
    store: (host, records, shop) => storeOrders(host, records, shop),
  } satisfies Phase<ReturnType<typeof readOrder>>,
  customers: {
    query: CUSTOMERS_QUERY,
    pageSize: CUSTOMERS_PAGE,
    read: readCustomer,
    store: (host, records) => upsertCustomerPage(host.roomDb, host.roomId, records),
  } satisfies Phase<ReturnType<typeof readCustomer>>,
};

const noCounts = (): StoreSyncDoc["counts"] => ({ products: 0, orders: 0, customers: 0 });

/** What the `sync` document says when this object has not run a sync: how the last one (any object's) ended. */
export function idleSyncDoc(row: StoreConnectionRow | null): StoreSyncDoc {
  return {
    _id: "sync",
    running: false,
    full: false,
    phase: null,
    done: 0,
    total: 0,
    counts: noCounts(),
    skipped: 0,
    startedAt: null,
    finishedAt: row?.lastSyncAt ? new Date(row.lastSyncAt) : null,
    error: row?.lastSyncError ?? "",
  };
}

export class StoreSync {
  private doc: StoreSyncDoc | null = null;
  private current: Promise<StoreSyncDoc> | null = null;
  private stopReason: string | null = null;

  /** The `sync` document: this object's sync (running or last), else the stored outcome. */
  view(row: StoreConnectionRow | null): StoreSyncDoc {
    return this.doc ?? idleSyncDoc(row);
  }

  get running(): boolean {
    return this.current !== null;
  }

  /** The room connected another shop: what this object showed of the last one's sync goes. */
  forget(host: RoomHost, row: StoreConnectionRow | null): void {
    const previous = this.view(row);
    this.doc = null;
    const next = this.view(row);
    host.emit({ collection: COLLECTION.STORE, id: "sync", doc: asDoc(next), previous: asDoc(previous) });
  }

  /** Stops the running sync before its next page (e.g. the store was disconnected). */
  stop(reason: string = DISCONNECTED): void {
    if (this.current) this.stopReason = reason;
  }

  /** Runs a sync, or joins the one running; answers how it ended. */
  run(host: RoomHost, full: boolean): Promise<StoreSyncDoc> {
    if (!this.current) {
      this.stopReason = null;
      this.current = this.work(host, full).finally(() => {
        this.current = null;
      });
    }
    return this.current;
  }

  private show(host: RoomHost, next: StoreSyncDoc, previous: StoreSyncDoc): void {
    this.doc = next;
    host.emit({ collection: COLLECTION.STORE, id: "sync", doc: asDoc(next), previous: asDoc(previous) });
  }

  private async work(host: RoomHost, full: boolean): Promise<StoreSyncDoc> {
    const connection = await requireConnection(host);
    const idle = this.view(connection);
    let doc: StoreSyncDoc = {
      ...idle,
      running: true,
      full,
      phase: null,
      done: 0,
      total: 0,
      counts: noCounts(),
      skipped: 0,
      startedAt: new Date(host.now()),
      error: "",
    };
    const update = (change: Partial<StoreSyncDoc>) => {
      const next = { ...doc, ...change };
      this.show(host, next, doc);
      doc = next;
    };
    this.show(host, doc, idle);
    let error = "";
    try {
      const client = storeClientFor(host, connection);
      const currency = await shopCurrency(client);
      for (const phase of SYNC_PHASES) {
        const shop = { currency, connectedAt: connection.createdAt };
        await this.syncPhase(host, client, connection, phase, full, shop, update, () => doc);
      }
    } catch (caught) {
      error = caught instanceof LiveError ? (caught.reason ?? "The store sync failed") : "The store sync failed";
      if (!(caught instanceof LiveError)) console.error("store: sync failed", caught);
    }
    const at = host.now();
    if (await findStoreConnection(host.roomDb, host.roomId)) await saveSyncOutcome(host.roomDb, host.roomId, at, error);
    update({ running: false, finishedAt: new Date(at), error });
    return doc;
  }

  private async syncPhase(
    host: RoomHost,
    client: ShopifyClient,
    connection: StoreConnectionRow,
    kind: StoreSyncPhase,
    full: boolean,
    shop: ShopContext,
    update: (change: Partial<StoreSyncDoc>) => void,
    current: () => StoreSyncDoc,
  ): Promise<void> {
    const phase: Phase<{ updatedAt: number }> = PHASES[kind] as Phase<{ updatedAt: number }>;
    const since = full ? null : syncMark(connection, kind);
    const filter = updatedSince(since);
    const total = readCount(await client.request(COUNT_QUERIES[kind], { query: filter }), `${kind}Count`);
    update({ phase: kind, done: 0, total });
    let mark = since;
    let cursor: string | null = null;
    do {
      if (this.stopReason) throw new LiveError(409, this.stopReason);
      const data: unknown = await client.request(phase.query, { first: phase.pageSize, after: cursor, query: filter });
      const page: Page<{ updatedAt: number }> = readPage(data, kind, phase.read);
      if (phase.complete) page.records = await phase.complete(client, page.records);
      const left = await host.writes.run(() => phase.store(host, page.records, shop));
      await phase.after?.(host, client, page.records);
      const skipped = typeof left === "number" ? left : 0;
      for (const record of page.records) mark = Math.max(mark ?? 0, record.updatedAt);
      const { done, counts, skipped: skippedBefore } = current();
      const stored = page.records.length - skipped;
      update({
        done: done + page.records.length,
        counts: { ...counts, [kind]: counts[kind] + stored },
        skipped: skippedBefore + skipped,
      });
      cursor = page.next;
    } while (cursor);
    // Only now is everything up to `mark` in: the next incremental sync starts there — a little
    // before, since the store's search index can lag behind its writes (re-reading is harmless).
    const startedAt = current().startedAt?.getTime() ?? host.now();
    const safe = mark === null ? null : Math.max(since ?? 0, Math.min(mark, startedAt - INDEX_LAG_MS));
    await saveSyncMark(host.roomDb, host.roomId, connection.secret, kind, safe);
  }
}

async function shopCurrency(client: ShopifyClient): Promise<string> {
  const data = await client.request<{ shop?: { currencyCode?: unknown } }>(SHOP_CURRENCY_QUERY);
  const code = data?.shop?.currencyCode;
  return typeof code === "string" && /^[A-Z]{3}$/.test(code) ? code : "USD";
}
