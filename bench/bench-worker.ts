/**
 * The Worker used by `npm run bench`: the real app plus what only benchmarks
 * need, kept out of the production bundle —
 * - `EchoDO`: a raw hibernating WebSocket echo/broadcast in the same workerd,
 *   the baseline each live-layer figure is compared with;
 * - `BenchRoomDO`: the real RoomDO with a no-op method, so a method round
 *   trip measures the live layer rather than D1; its D1 binding counts the
 *   statements it runs, and `bench.naiveOrderImport` is the store-sync
 *   benchmark's one-row-per-statement baseline;
 * - `/bench/r2-put`: one raw R2 PUT of the request body, the upload baseline;
 * - `AggregatesDO`: the dashboard's aggregates over generated items.
 */
import { DurableObject } from "cloudflare:workers";
import { argon2id, setWASMModules } from "argon2-wasm-edge";
import argon2WASM from "argon2-wasm-edge/wasm/argon2.wasm";
import blake2bWASM from "argon2-wasm-edge/wasm/blake2b.wasm";
import * as v from "valibot";
import { COLLECTION } from "../protocol/api";
import { hashPassword } from "../worker/accounts/password";
import type { CountedItem } from "../worker/dashboard/contributions";
import { createAggregateTables, RoomAggregates } from "../worker/dashboard/room-aggregates";
import { findStoreOrder, toOrderDoc, upsertOrder } from "../worker/db/room/orders-repo";
import app from "../worker/index";
import { openStockLedger } from "../worker/inventory/open-ledger";
import type { LiveRegistry } from "../worker/live/registry";
import { asDoc } from "../worker/live/types";
import { RoomDO } from "../worker/objects/room-do";
import type { RoomHost } from "../worker/rooms/room-host";
import { ORDERS_PAGE, ORDERS_QUERY } from "../worker/store/shopify-queries";
import { requireConnection, storeClientFor } from "../worker/store/store-connection";
import { type Page, readOrder, readPage } from "../worker/store/store-records";

export { HomeDO } from "../worker/rooms/home-do";

/** Statements that name the `orders` table (drizzle quotes names, raw SQL does not). */
const ORDERS_TABLE = /\b(?:from|into|update|join)\s+["`]?orders\b/i;

/**
 * Every D1 statement run through one binding, counted where it runs rather
 * than reported by the code that runs it: `run`/`all`/`first`/`raw` one
 * each, a `batch` its length, an `exec` as many as D1 says it ran.
 */
export class D1Counter {
  total = 0;
  /** Of those, the ones that read or write the `orders` table. */
  orders = 0;
  /** Round trips to D1: a statement run on its own is one, a batch is one. */
  trips = 0;
  /** Added before every round trip (the distance to a D1 primary far away), in ms. */
  delayMs = 0;

  count(sql: string, statements = 1): void {
    this.total += statements;
    if (ORDERS_TABLE.test(sql)) this.orders += statements;
  }

  /** One round trip: counted, and held back `delayMs` first. */
  async trip<T>(send: () => Promise<T>): Promise<T> {
    this.trips++;
    if (this.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.delayMs));
    return send();
  }

  reset(): void {
    this.total = 0;
    this.orders = 0;
    this.trips = 0;
  }

  /** The binding, counting. */
  wrap(db: D1Database): D1Database {
    const counted = {
      ...this.session(db),
      exec: async (query: string) => {
        const result = await this.trip(() => db.exec(query));
        this.count(query, result.count);
        return result;
      },
      withSession: (constraint?: string) => {
        const session = db.withSession(constraint);
        return { ...this.session(session), getBookmark: () => session.getBookmark() };
      },
      dump: () => db.dump(),
    };
    return counted as unknown as D1Database;
  }

  private session(db: Pick<D1Database, "prepare" | "batch">) {
    return {
      prepare: (query: string) =>
        new CountedStatement(db.prepare(query), query, this) as unknown as D1PreparedStatement,
      batch: (statements: D1PreparedStatement[]) =>
        this.trip(() =>
          db.batch(
            statements.map((statement) => {
              if (!(statement instanceof CountedStatement)) {
                this.count("");
                return statement;
              }
              this.count(statement.sql);
              return statement.real;
            }),
          ),
        ),
    };
  }
}

class CountedStatement {
  constructor(
    readonly real: D1PreparedStatement,
    readonly sql: string,
    private readonly counter: D1Counter,
  ) {}

  bind(...values: unknown[]): CountedStatement {
    return new CountedStatement(this.real.bind(...values), this.sql, this.counter);
  }

  first(column?: string) {
    this.counter.count(this.sql);
    return this.counter.trip(() => (column === undefined ? this.real.first() : this.real.first(column)));
  }

  run() {
    this.counter.count(this.sql);
    return this.counter.trip(() => this.real.run());
  }

  all() {
    this.counter.count(this.sql);
    return this.counter.trip(() => this.real.all());
  }

  raw(options?: { columnNames?: boolean }) {
    this.counter.count(this.sql);
    return this.counter.trip(() => (options?.columnNames ? this.real.raw({ columnNames: true }) : this.real.raw()));
  }
}

/**
 * The store-sync benchmark's baseline: the same orders read from the store
 * through the same client, page by page, each then written as the
 * single-order path (a webhook) writes one: looked up, then upserted — one
 * statement per row, two per order — and announced.
 */
async function naiveOrderImport(host: RoomHost): Promise<{ orders: number; pages: number }> {
  const client = storeClientFor(host, await requireConnection(host));
  let cursor: string | null = null;
  let orders = 0;
  let pages = 0;
  do {
    const data: unknown = await client.request(ORDERS_QUERY, { first: ORDERS_PAGE, after: cursor, query: null });
    const page: Page<ReturnType<typeof readOrder>> = readPage(data, "orders", readOrder);
    pages++;
    for (const { updatedAt, ...order } of page.records) {
      await host.writes.run(async () => {
        const before = await findStoreOrder(host.roomDb, host.roomId, order.storeOrderId);
        const row = await upsertOrder(host.roomDb, host.roomId, { ...order, storeUpdatedAt: updatedAt }, host.now());
        if (!row) return;
        host.emit({
          collection: COLLECTION.ORDERS,
          id: row.id,
          doc: asDoc(toOrderDoc(row)),
          previous: before ? asDoc(toOrderDoc(before)) : null,
        });
      });
    }
    orders += page.records.length;
    cursor = page.next;
  } while (cursor);
  return { orders, pages };
}

const WORDS = ["Brass", "Oak", "Linen", "Blue", "Speckled", "Walnut", "Glass", "Copper", "Wool", "Stone"];
const THINGS = ["lamp", "vase", "table", "cushion", "mug", "bowl", "chair", "rug", "frame", "clock"];

/**
 * `count` items written straight into the room's storage in statements of
 * 1,000 (the triggers index them as any write does): setting up a room of
 * 100,000 takes seconds. Call before anything subscribes to the items.
 */
function seedRoomItems(host: RoomHost, count: number): number {
  const sql = host.roomDb.$client.sql;
  const now = Date.now();
  for (let start = 0; start < count; start += 1_000) {
    const rows = Array.from({ length: Math.min(1_000, count - start) }, (_, k) => {
      const i = start + k;
      return {
        id: `${host.roomId}-${i}`,
        title: `${WORDS[i % 10]} ${THINGS[Math.floor(i / 10) % 10]} ${i}`,
        sku: `SKU-${i}`,
        price: (i * 37) % 20_000,
        quantity: i % 7,
        at: now - (count - i) * 1000,
      };
    });
    sql.exec(
      `INSERT INTO items (id, room_id, title, sku, price_cents, quantity, status, created_at, updated_at)
       SELECT value ->> '$.id', ?1, value ->> '$.title', value ->> '$.sku', value ->> '$.price',
              value ->> '$.quantity', 'ready', value ->> '$.at', value ->> '$.at'
       FROM json_each(?2)`,
      host.roomId,
      JSON.stringify(rows),
    );
  }
  // Their stock as a room's ledger starts it (one opening movement each), so stock is the sum of movements.
  openStockLedger(host.roomDb.$client, host.roomId, now);
  return count;
}

/**
 * What a big room holds besides its items: `photos` photo records on its
 * first items (records only: no bytes in R2), `scans` scans in an open
 * stocktake, and `codes` items with a label's share code — written straight
 * into the room's SQLite, as `seedRoomItems` writes its items.
 */
function seedRoomExtras(host: RoomHost, photos: number, scans: number, codes: number) {
  const sql = host.roomDb.$client.sql;
  const now = Date.now();
  const ids = (n: number) => `WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ${n - 1})`;
  if (photos > 0) {
    sql.exec(
      `${ids(photos)}
       INSERT INTO files (id, room_id, collection, name, type, size, extension, versions, storage_path, user_id, created_at)
       SELECT ?1 || '-photo-' || i, ?1, 'itemPhotos', 'photo-' || i || '.jpg', 'image/jpeg', 250000, 'jpg',
              '{"original":{"size":250000,"type":"image/jpeg","extension":"jpg","etag":"e"},"thumbnail":{"size":9000,"type":"image/webp","extension":"webp","etag":"t"}}',
              'rooms/' || ?1 || '/itemPhotos/' || ?1 || '-photo-' || i, 'bench', ?2 FROM n`,
      host.roomId,
      now,
    );
    sql.exec(
      `UPDATE items SET photos = json_array(?1 || '-photo-' || substr(id, length(?1) + 2))
       WHERE substr(id, length(?1) + 2) GLOB '[0-9]*' AND CAST(substr(id, length(?1) + 2) AS INTEGER) < ?2`,
      host.roomId,
      photos,
    );
  }
  if (scans > 0) {
    const stocktakeId = `${host.roomId}-stocktake`;
    sql.exec(
      `INSERT OR IGNORE INTO stocktakes (id, room_id, status, started_by, started_at, locations)
       VALUES (?1, ?2, 'open', 'bench', ?3, '["main"]')`,
      stocktakeId,
      host.roomId,
      now,
    );
    sql.exec(
      `${ids(scans)}
       INSERT INTO stocktake_scans (id, room_id, stocktake_id, item_id, variant_id, user_id, at)
       SELECT ?1 || '-scan-' || i, ?1, ?2, ?1 || '-' || (i % 1000), ?1 || '-' || (i % 1000), 'bench', ?3 + i FROM n`,
      host.roomId,
      stocktakeId,
      now,
    );
  }
  if (codes > 0) {
    sql.exec(
      `UPDATE items SET share_code = substr(hex(randomblob(8)), 1, 10)
       WHERE substr(id, length(?1) + 2) GLOB '[0-9]*' AND CAST(substr(id, length(?1) + 2) AS INTEGER) < ?2`,
      host.roomId,
      codes,
    );
  }
  const count = (query: string) => sql.exec<{ n: number }>(query).one().n;
  return {
    photos: count("SELECT count(*) AS n FROM files"),
    scans: count("SELECT count(*) AS n FROM stocktake_scans"),
    codes: count("SELECT count(*) AS n FROM items WHERE share_code <> ''"),
  };
}

/**
 * `count` products sold in four sizes each (protocol/variants.ts), written
 * straight into the room's SQLite in batches of 1,000 (the variant_codes
 * triggers index their SKUs as any write's would).
 */
function seedVariantProducts(host: RoomHost, count: number): number {
  const sql = host.roomDb.$client.sql;
  const now = Date.now();
  const sizes = ["S", "M", "L", "XL"];
  for (let start = 0; start < count; start += 1_000) {
    const rows = Array.from({ length: Math.min(1_000, count - start) }, (_, k) => {
      const i = start + k;
      const id = `${host.roomId}-p${i}`;
      const variants = sizes.map((size, index) => ({
        _id: index === 0 ? id : `${id}-${size}`,
        values: [size],
        sku: `TEE-${i}-${size}`,
        barcode: "",
        priceCents: 1500 + index * 100,
        stock: { main: (i + index) % 5 },
        quantity: (i + index) % 5,
        reorderPoint: null,
      }));
      const quantity = variants.reduce((sum, variant) => sum + variant.quantity, 0);
      return {
        id,
        title: `${WORDS[i % 10]} tee ${i}`,
        quantity,
        stock: JSON.stringify({ main: quantity }),
        variants: JSON.stringify(variants),
        at: now - (count - i) * 1000,
      };
    });
    sql.exec(
      `INSERT INTO items (id, room_id, title, sku, price_cents, quantity, status, stock, options, variants, created_at, updated_at)
       SELECT value ->> '$.id', ?1, value ->> '$.title', '', 1500, value ->> '$.quantity', 'ready',
              value ->> '$.stock', '["Size"]', value ->> '$.variants', value ->> '$.at', value ->> '$.at'
       FROM json_each(?2)`,
      host.roomId,
      JSON.stringify(rows),
    );
  }
  return count;
}

/** Every item of the room counted once more than it has, in the stocktake (so applying changes them all). */
function seedScans(host: RoomHost, stocktakeId: string): number {
  const sql = host.roomDb.$client.sql;
  const most = sql.exec<{ n: number }>("SELECT coalesce(max(quantity), 0) + 1 AS n FROM items").one().n;
  for (let n = 0; n < most; n++) {
    sql.exec(
      `INSERT INTO stocktake_scans (id, room_id, stocktake_id, item_id, user_id, at)
       SELECT 'bench-' || ?3 || '-' || id, room_id, ?2, id, 'bench', ?4 FROM items WHERE quantity + 1 > ?3`,
      host.roomId,
      stocktakeId,
      n,
      Date.now(),
    );
  }
  return sql.exec<{ n: number }>("SELECT count(*) AS n FROM stocktake_scans WHERE stocktake_id = ?", stocktakeId).one()
    .n;
}

/**
 * `n` point writes then `n` point reads, each awaited one after another, in
 * the room's own SQLite and through D1 from the same object (same workerd,
 * same run). Locally D1 is another SQLite a hop away in the same process: a
 * lower bound of the difference, which in production adds the network.
 */
async function compareStorage(host: RoomHost, d1: D1Database, n: number) {
  const sql = host.roomDb.$client.sql;
  sql.exec("CREATE TABLE IF NOT EXISTS bench_kv (k TEXT PRIMARY KEY, v TEXT NOT NULL)");
  await d1.prepare("CREATE TABLE IF NOT EXISTS bench_kv (k TEXT PRIMARY KEY, v TEXT NOT NULL)").run();
  const time = async (work: (i: number) => unknown) => {
    const start = performance.now();
    for (let i = 0; i < n; i++) await work(i);
    return (performance.now() - start) / n;
  };
  // Date.now() and performance.now() only move on I/O in workerd: a batch of awaited D1 calls shows
  // its time, a run of synchronous SQLite calls shows none. So the room side is timed over a
  // round trip to D1 that frames it, minus one such round trip measured alone.
  const frame = await time(() => d1.prepare("SELECT 1").first());
  const framed = async (work: () => void) => {
    const start = performance.now();
    work();
    await d1.prepare("SELECT 1").first();
    return Math.max(0, performance.now() - start - frame);
  };
  const roomWrite =
    (await framed(() => {
      for (let i = 0; i < n; i++) sql.exec("INSERT OR REPLACE INTO bench_kv (k, v) VALUES (?, ?)", `k${i}`, `v${i}`);
    })) / n;
  const roomRead =
    (await framed(() => {
      for (let i = 0; i < n; i++) sql.exec("SELECT v FROM bench_kv WHERE k = ?", `k${i}`).toArray();
    })) / n;
  const d1Write = await time((i) =>
    d1.prepare("INSERT OR REPLACE INTO bench_kv (k, v) VALUES (?, ?)").bind(`k${i}`, `v${i}`).run(),
  );
  const d1Read = await time((i) => d1.prepare("SELECT v FROM bench_kv WHERE k = ?").bind(`k${i}`).first());
  return { roomWrite, roomRead, d1Write, d1Read };
}

export class BenchRoomDO extends RoomDO {
  /** This object's D1 statements: its host (created later, in onStart) gets the counting binding. */
  private readonly d1: D1Counter;
  /** The binding as it is, for the storage comparison's D1 side. */
  private readonly rawD1: D1Database;

  constructor(ctx: DurableObjectState, env: Env) {
    const d1 = new D1Counter();
    super(ctx, { ...env, DB: d1.wrap(env.DB) });
    this.d1 = d1;
    this.rawD1 = env.DB;
  }

  protected override createRegistry(): LiveRegistry<RoomHost> {
    const registry = super.createRegistry();
    // The round-trip bench calls its no-op thousands of times a second on one connection: the call budgets
    // are still looked up for every call (that cost is part of the round trip measured) but never count it.
    for (const rule of registry.rateLimits) {
      const applies = rule.applies;
      rule.applies = (input) => !input.name.startsWith("bench.") && (applies?.(input) ?? true);
    }
    // `items.update` itself (role check, D1 write, history, fan-out) under a `bench.` name, so the
    // fan-out bench can write faster than one person's call budget allows.
    const updateItem = registry.methods.get("items.update");
    if (!updateItem) throw new Error("bench: items.update is not registered");
    // `stock.adjust` the same way: a movement's round trip beside an edit's (stock bench).
    const adjustStock = registry.methods.get("stock.adjust");
    if (!adjustStock) throw new Error("bench: stock.adjust is not registered");
    // `items.add` too: the import bench's baseline adds the same items one call at a time.
    const addItem = registry.methods.get("items.add");
    if (!addItem) throw new Error("bench: items.add is not registered");
    // A count against a purchase order beside a stocktake's scan, as fast as they go (receiving bench).
    const countReceived = registry.methods.get("purchaseOrders.count");
    const stocktakeScan = registry.methods.get("stocktake.scan");
    if (!countReceived || !stocktakeScan)
      throw new Error("bench: purchaseOrders.count or stocktake.scan is not registered");
    return (
      registry
        .method("bench.noop", { args: v.tuple([]), run: () => null })
        // The least a durable write costs: one row in one transaction, its answer held until stored (the floor of an edit).
        .method("bench.touch", {
          args: v.tuple([v.number()]),
          run: (ctx, value) => {
            ctx.host.roomDb.$client.sql.exec(
              "INSERT OR REPLACE INTO room_state (key, value, updated_at) VALUES ('bench-touch', ?, ?)",
              String(value),
              Date.now(),
            );
            return null;
          },
        })
        .method("bench.updateItem", updateItem)
        .method("bench.adjustStock", adjustStock)
        .method("bench.addItem", addItem)
        .method("bench.countReceived", countReceived)
        .method("bench.stocktakeScan", stocktakeScan)
        .method("bench.seedVariantProducts", {
          args: v.tuple([v.number()]),
          run: (ctx, count) => seedVariantProducts(ctx.host, count),
        })
        // The most bytes of upload parts this room held in memory at once since the last ask.
        .method("bench.partsHighWater", {
          args: v.tuple([]),
          run: (ctx) => {
            const buffers = ctx.host.uploads.buffers;
            const highWater = buffers.bytesHighWater;
            buffers.resetHighWater();
            return highWater;
          },
        })
        .method("bench.d1Statements", {
          args: v.tuple([]),
          run: () => ({ total: this.d1.total, orders: this.d1.orders, trips: this.d1.trips }),
        })
        .method("bench.setD1Delay", {
          args: v.tuple([v.number()]),
          run: (_ctx, delayMs) => {
            this.d1.delayMs = delayMs;
            return null;
          },
        })
        .method("bench.seedItems", {
          args: v.tuple([v.number()]),
          run: (ctx, count) => seedRoomItems(ctx.host, count),
        })
        .method("bench.seedExtras", {
          args: v.tuple([v.number(), v.number(), v.number()]),
          run: (ctx, photos, scans, codes) => seedRoomExtras(ctx.host, photos, scans, codes),
        })
        .method("bench.seedScans", {
          args: v.tuple([v.string()]),
          run: (ctx, stocktakeId) => seedScans(ctx.host, stocktakeId),
        })
        .method("bench.historyCount", {
          args: v.tuple([v.string()]),
          run: (ctx, via) =>
            ctx.host.roomDb.$client.sql
              .exec<{ n: number }>("SELECT count(*) AS n FROM item_history WHERE via = ?", via)
              .one().n,
        })
        .method("bench.orderCount", {
          args: v.tuple([]),
          run: (ctx) => ctx.host.roomDb.$client.sql.exec<{ n: number }>("SELECT count(*) AS n FROM orders").one().n,
        })
        .method("bench.storage", {
          args: v.tuple([v.number()]),
          run: (ctx, n) => compareStorage(ctx.host, this.rawD1, n),
        })
        .method("bench.resetD1Statements", {
          args: v.tuple([]),
          run: () => {
            this.d1.reset();
            return null;
          },
        })
        .method("bench.naiveOrderImport", { args: v.tuple([]), run: (ctx) => naiveOrderImport(ctx.host) })
    );
  }
}

export class EchoDO extends DurableObject<Env> {
  override async fetch(): Promise<Response> {
    const { 0: client, 1: server } = new WebSocketPair();
    this.ctx.acceptWebSocket(server);
    return new Response(null, { status: 101, webSocket: client });
  }

  /**
   * "echo:…" answers the sender; "echo2:…" answers it twice (two frames, as a method's `result` and
   * `updated` reach a plain DDP client); "all:…" goes to every socket; "quiet:…" is taken and not
   * answered (as a live connection takes a client's `connect`, `login` and `sub`); binary frames get
   * an empty answer.
   */
  override webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): void {
    const text = typeof message === "string" ? message : "";
    if (text.startsWith("echo2:")) {
      ws.send(text);
      ws.send(text);
    } else if (text.startsWith("quiet:")) {
      // taken, not answered
    } else if (text.startsWith("all:")) {
      const payload = text.slice(4);
      for (const socket of this.ctx.getWebSockets()) socket.send(payload);
    } else {
      ws.send(text);
    }
  }
}

// Workers cannot compile WebAssembly from bytes at run time: the modules are
// imported (bundled by wrangler as compiled modules) and handed over.
setWASMModules({ argon2WASM, blake2bWASM });

/** Argon2id settings measured: OWASP's first recommendation, and a lighter one. */
const ARGON2_SETTINGS = {
  "argon2id-19m-t2": { memorySize: 19_456, iterations: 2 },
  "argon2id-7m-t5": { memorySize: 7_168, iterations: 5 },
} as const;

/** `n` password hashes with the named scheme, for the password-storage benchmark. */
async function hashMany(scheme: string, n: number): Promise<Response> {
  const digest = "a".repeat(64);
  for (let i = 0; i < n; i++) {
    if (scheme === "pbkdf2") {
      await hashPassword(digest);
    } else if (scheme in ARGON2_SETTINGS) {
      const salt = crypto.getRandomValues(new Uint8Array(16));
      const settings = ARGON2_SETTINGS[scheme as keyof typeof ARGON2_SETTINGS];
      await argon2id({ ...settings, parallelism: 1, hashLength: 32, password: digest, salt, outputType: "encoded" });
    } else {
      return new Response("unknown scheme", { status: 400 });
    }
  }
  return new Response("ok");
}

export default {
  async fetch(request, env, ctx) {
    const url = new URL(request.url);
    if (url.pathname === "/bench/hash") {
      return hashMany(url.searchParams.get("scheme") ?? "", Number(url.searchParams.get("n") ?? 1));
    }
    if (url.pathname === "/bench/r2-put" && request.body) {
      // The upload baseline: one raw R2 PUT of the request body, no checks.
      const object = await env.FILES.put(`bench/${crypto.randomUUID()}`, request.body);
      return Response.json({ size: object?.size ?? 0 });
    }
    if (url.pathname.startsWith("/bench/aggregates/")) {
      const name = url.pathname.slice("/bench/aggregates/".length);
      return (env as unknown as { AGGREGATES: DurableObjectNamespace }).AGGREGATES.getByName(name).fetch(request);
    }
    if (url.pathname.startsWith("/bench/echo/")) {
      const name = url.pathname.slice("/bench/echo/".length);
      return (env as unknown as { ECHO: DurableObjectNamespace }).ECHO.getByName(name).fetch(request);
    }
    return app.fetch!(request, env, ctx);
  },
  // The app's store webhook consumer, as deployed.
  queue: (batch, env) => app.queue(batch, env),
} satisfies ExportedHandler<Env>;

/**
 * The dashboard benchmark's object: a room's aggregates over N generated
 * items in its own SQLite. Time inside a Worker does not advance while code
 * runs, so the benchmark times whole requests from outside and subtracts an
 * empty request.
 */
export class AggregatesDO extends DurableObject<Env> {
  private readonly aggregates = (() => {
    createAggregateTables(this.ctx.storage.sql, "bench_");
    return new RoomAggregates(this.ctx.storage.sql, "bench_");
  })();

  override async fetch(request: Request): Promise<Response> {
    const sql = this.ctx.storage.sql;
    const url = new URL(request.url);
    const op = url.searchParams.get("op");
    const count = Number(url.searchParams.get("n") ?? 0);
    // The items live in SQLite (as a room's live in D1): item i is benchItem(i, variant).
    sql.exec("CREATE TABLE IF NOT EXISTS bench_items (idx INTEGER PRIMARY KEY, variant INTEGER NOT NULL)");
    const itemCount = () => sql.exec<{ n: number }>("SELECT count(*) AS n FROM bench_items").one().n;
    const allItems = () =>
      sql
        .exec<{ idx: number; variant: number }>("SELECT idx, variant FROM bench_items")
        .toArray()
        .map((row) => benchItem(row.idx, row.variant));
    if (op === "setup") {
      sql.exec("DELETE FROM bench_items");
      for (let i = 0; i < count; i++) sql.exec("INSERT INTO bench_items (idx, variant) VALUES (?, ?)", i, i);
      this.aggregates.rebuild(allItems(), []);
    } else if (op === "update") {
      // `count` edits of existing items, each counted from the change alone.
      const size = itemCount();
      for (let k = 0; k < count; k++) {
        const index = (k * 7919 + Date.now()) % size;
        const variant = sql
          .exec<{ variant: number }>("SELECT variant FROM bench_items WHERE idx = ?", index)
          .one().variant;
        sql.exec("UPDATE bench_items SET variant = ? WHERE idx = ?", variant + 1, index);
        this.aggregates.applyItem(benchItem(index, variant), benchItem(index, variant + 1));
        this.aggregates.summary(Date.now());
      }
    } else if (op === "recompute") {
      for (let k = 0; k < count; k++) {
        this.aggregates.rebuild(allItems(), []);
        this.aggregates.summary(Date.now());
      }
    }
    return new Response("ok");
  }
}

const BENCH_STATUSES = ["draft", "ready", "listed", "sold", "archived"] as const;

function benchItem(index: number, variant: number): CountedItem {
  return {
    _id: `item-${index}`,
    title: `Item ${index}`,
    status: BENCH_STATUSES[variant % BENCH_STATUSES.length] as CountedItem["status"],
    priceCents: 100 + ((index * 37) % 10_000),
    quantity: 1 + (variant % 9),
    // Stock at two of four places, a cost (an average for some), one of 20 suppliers: what stock is
    // worth is counted with every change (docs/buying.md).
    stock: { [`place-${index % 4}`]: 1 + (variant % 5), [`place-${(index + 1) % 4}`]: variant % 4 },
    costCents: index % 7 === 0 ? null : 50 + ((index * 13) % 5_000),
    avgCostCents: index % 3 === 0 ? 60 + ((index * 17 + variant) % 5_000) : null,
    supplierId: `supplier-${index % 20}`,
    currency: index % 10 === 0 ? "EUR" : "USD",
    createdAt: new Date(Date.UTC(2026, 9, 1) + (index % 60) * 86_400_000),
  };
}
