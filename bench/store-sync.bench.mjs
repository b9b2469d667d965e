// Store-sync benchmark: a full sync of 10,000 orders (BENCH_STORE_ORDERS)
// from a local fake Shopify store — time, and D1 statements counted by the
// bench Worker's D1 binding — beside a naive import of the same orders in
// the same run: same fake store, same Worker, same store client and pages,
// but one statement per row (look up, then upsert each order, as the
// single-order path does), into a second room connected to the same shop so
// both start empty.
import { FakeShopify } from "../tests/support/fake-shopify.ts";
import { startFakeShopifyServer } from "../tests/support/fake-shopify-server.ts";
import {
  about,
  ddp,
  importTs,
  knob,
  note,
  report,
  section,
  sleep,
  startBenchServer,
  trackCostBudget,
} from "./harness.mjs";

const { ORDERS_PAGE } = await importTs("worker/store/shopify-queries.ts");

const ORDERS = knob("BENCH_STORE_ORDERS", 10_000, 100);
// More than the whole run's queries cost (an order costs about 32 points, read twice), so the
// client never waits for the cost budget: what is measured is the sync, not throttling. (With a
// bucket of 20,000 restoring 10,000/s, the sync would be paced at one page of 25 every 80 ms.)
const BUDGET = { maximumAvailable: 100 * ORDERS + 10_000, restoreRate: 100 * ORDERS + 10_000 };

const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;
const statements = (n) => n.toLocaleString("en-US");

about(
  `A full sync of ${ORDERS.toLocaleString("en-US")} orders from a local fake Shopify store, time and D1 statements, beside a naive import of the same orders ` +
    "through the same client into a second room, one SELECT and one upsert per order.",
);

const fake = new FakeShopify(BUDGET);
fake.addOrders(ORDERS);
// The budget as the store reports it after each call: proof the client never had to wait.
const budget = trackCostBudget(fake);
const shopify = await startFakeShopifyServer(fake);

/** This room's D1 statements once they stop changing (new-order notices finish beside the sync). */
async function settledStatements(client) {
  let last = await client.call("bench.d1Statements");
  for (let i = 0; i < 20; i++) {
    await sleep(500);
    const now = await client.call("bench.d1Statements");
    if (now.total === last.total) return now;
    last = now;
  }
  return last;
}

/** The fake store's GraphQL calls from `from` on: all, orders pages, throttled answers. */
function storeCalls(from) {
  const calls = fake.calls.slice(from);
  return {
    all: calls.length,
    ordersPages: calls.filter((call) => call.operation === "StockroomOrders" && !call.throttled).length,
    throttled: calls.filter((call) => call.throttled).length,
  };
}

try {
  const server = await startBenchServer({ vars: { SHOPIFY_API_ORIGIN: shopify.origin } });
  try {
    const home = await ddp(`${server.wsUrl}/api/websocket?shard=0`);
    const { token } = await home.call("createUser", [
      { email: `bench${Date.now()}@example.com`, password: "bench password" },
    ]);
    /** A room of this user's, connected to the fake shop; its socket logged in as the owner. */
    const connectedRoom = async (name) => {
      const roomId = await home.call("rooms.create", [name]);
      const client = await ddp(`${server.wsUrl}/api/rooms/${roomId}/websocket`);
      // A long run leaves the socket silent: answer the server's heartbeat pings so it stays open.
      client.onMessage((m) => {
        if (m.msg === "ping") client.ws.send(JSON.stringify({ msg: "pong", ...(m.id ? { id: m.id } : {}) }));
      });
      await client.call("login", [{ resume: token }]);
      await client.call("store.connect", [fake.credentials]);
      await client.call("bench.resetD1Statements");
      return client;
    };
    const syncRoom = await connectedRoom("Store sync bench");
    const naiveRoom = await connectedRoom("Naive import bench");
    home.close();

    // The app's sync: started by `store.sync`, done when its `sync` document says it stopped running.
    const doc = {};
    const ordersPhase = { start: 0, end: 0 };
    let finish = null;
    syncRoom.onMessage((m) => {
      if (m.collection !== "store" || m.id !== "sync" || (m.msg !== "added" && m.msg !== "changed")) return;
      Object.assign(doc, m.fields);
      if (!finish) return;
      if (m.fields?.phase === "orders") ordersPhase.start = performance.now();
      if (m.fields?.phase === "customers") ordersPhase.end = performance.now();
      if (m.fields?.running === false) finish();
    });
    await syncRoom.subscribe("store");
    const synced = new Promise((resolve) => {
      finish = resolve;
    });
    let callsFrom = fake.calls.length;
    await syncRoom.call("bench.resetD1Statements");
    let started = performance.now();
    const { started: running } = await syncRoom.call("store.sync", [{ full: true }]);
    if (!running) throw new Error("store.sync did not start");
    await synced;
    const syncTime = performance.now() - started;
    if (doc.error !== "" || doc.counts?.orders !== ORDERS)
      throw new Error(`the sync ended with ${JSON.stringify({ error: doc.error, counts: doc.counts })}`);
    const syncCalls = storeCalls(callsFrom);
    const syncStatements = await settledStatements(syncRoom);

    // The baseline: the same orders, one statement per row, in the second room.
    callsFrom = fake.calls.length;
    await naiveRoom.call("bench.resetD1Statements");
    started = performance.now();
    const naive = await naiveRoom.call("bench.naiveOrderImport");
    const naiveTime = performance.now() - started;
    if (naive.orders !== ORDERS) throw new Error(`the naive import stored ${naive.orders} orders`);
    const naiveCalls = storeCalls(callsFrom);
    const naiveStatements = await settledStatements(naiveRoom);
    if (syncCalls.throttled + naiveCalls.throttled > 0 || budget.lowest < budget.dearest)
      throw new Error(`the cost budget paced the run: ${JSON.stringify(budget)}`);

    section(
      `${ORDERS.toLocaleString("en-US")} orders (${fake.customers.size.toLocaleString("en-US")} customers, no products) ` +
        `from a local fake store, pages of ${ORDERS_PAGE}; cost budget ` +
        `${BUDGET.maximumAvailable.toLocaleString("en-US")} points restoring ${BUDGET.restoreRate.toLocaleString("en-US")}/s, ` +
        `never below ${budget.lowest.toLocaleString("en-US")} left (dearest query ${budget.dearest}): ` +
        "the client never waited for it, so throttling is not what is measured",
    );
    note("baseline: the same orders through the same client into a second room, one SELECT + one upsert per order");
    note(
      `orders pages fetched: sync ${syncCalls.ordersPages}, baseline ${naiveCalls.ordersPages}; ` +
        `store calls in all: sync ${syncCalls.all} (with counts, products and customers), baseline ${naiveCalls.all}`,
    );
    report("full sync, call to done: time", syncTime, naiveTime, seconds);
    report("full sync: D1 statements (all tables)", syncStatements.total, naiveStatements.total, statements);
    report("orders phase of the sync: time", ordersPhase.end - ordersPhase.start, naiveTime, seconds);
    report("statements on the orders table", syncStatements.orders, naiveStatements.orders, statements);
    syncRoom.close();
    naiveRoom.close();
  } finally {
    await server.stop();
  }
} finally {
  await shopify.close();
}
