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
import { RoomAggregates } from "../worker/dashboard/room-aggregates";
import { findStoreOrder, toOrderDoc, upsertOrder } from "../worker/db/orders-repo";
import app from "../worker/index";
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

  count(sql: string, statements = 1): void {
    this.total += statements;
    if (ORDERS_TABLE.test(sql)) this.orders += statements;
  }

  reset(): void {
    this.total = 0;
    this.orders = 0;
  }

  /** The binding, counting. */
  wrap(db: D1Database): D1Database {
    const counted = {
      ...this.session(db),
      exec: async (query: string) => {
        const result = await db.exec(query);
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
    return column === undefined ? this.real.first() : this.real.first(column);
  }

  run() {
    this.counter.count(this.sql);
    return this.real.run();
  }

  all() {
    this.counter.count(this.sql);
    return this.real.all();
  }

  raw(options?: { columnNames?: boolean }) {
    this.counter.count(this.sql);
    return options?.columnNames ? this.real.raw({ columnNames: true }) : this.real.raw();
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

export class BenchRoomDO extends RoomDO {
  /** This object's D1 statements: its host (created later, in onStart) gets the counting binding. */
  private readonly d1: D1Counter;

  constructor(ctx: DurableObjectState, env: Env) {
    const d1 = new D1Counter();
    super(ctx, { ...env, DB: d1.wrap(env.DB) });
    this.d1 = d1;
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
    return (
      registry
        .method("bench.noop", { args: v.tuple([]), run: () => null })
        .method("bench.updateItem", updateItem)
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
          run: () => ({ total: this.d1.total, orders: this.d1.orders }),
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
} satisfies ExportedHandler<Env>;

/**
 * The dashboard benchmark's object: a room's aggregates over N generated
 * items in its own SQLite. Time inside a Worker does not advance while code
 * runs, so the benchmark times whole requests from outside and subtracts an
 * empty request.
 */
export class AggregatesDO extends DurableObject<Env> {
  private readonly aggregates = new RoomAggregates(this.ctx.storage.sql, "bench_");

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
    status: BENCH_STATUSES[variant % BENCH_STATUSES.length] as CountedItem["status"],
    priceCents: 100 + ((index * 37) % 10_000),
    quantity: 1 + (variant % 9),
    currency: index % 10 === 0 ? "EUR" : "USD",
    createdAt: new Date(Date.UTC(2026, 9, 1) + (index % 60) * 86_400_000),
  };
}
