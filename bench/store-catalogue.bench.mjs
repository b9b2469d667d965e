// Bringing a store's catalogue in (docs/product.md §5): a local fake Shopify of
// BENCH_STORE_PRODUCTS products × 3 sizes, each with its stock, synced into a
// new room (`store.sync`, full) under a Shopify Plus cost budget (1,000
// points a second, a bucket of 20,000; BENCH_STORE_RESTORE and
// BENCH_STORE_BUCKET set them).
// Measured: the time from the call until the room has every product and
// variant, beside the budget's floor — the points the sync spent, less the
// bucket it started with, at the restore rate: the least time any client
// could take — and the THROTTLED answers the store gave (target 0: the
// client waits for the budget instead of being refused).
import { FakeShopify } from "../tests/support/fake-shopify.ts";
import { startFakeShopifyServer } from "../tests/support/fake-shopify-server.ts";
import { about, knob, note, report, section, signedUp, startBenchServer, trackCostBudget } from "./harness.mjs";

const PRODUCTS = knob("BENCH_STORE_PRODUCTS", 5_000, 40);
const RESTORE = knob("BENCH_STORE_RESTORE", 1_000, 1_000);
// Plus's bucket; a small one in smoke mode, so its few products still meet the budget.
const BUCKET = knob("BENCH_STORE_BUCKET", 20_000, 1_000);
const SIZES = ["S", "M", "L"];

const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;

about(
  `A store of ${PRODUCTS.toLocaleString("en-US")} products × ${SIZES.length} sizes brought into a new room by a full sync, ` +
    `under a cost budget of ${RESTORE.toLocaleString("en-US")} points/s (bucket ${BUCKET.toLocaleString("en-US")}), beside the budget's floor.`,
);

const fake = new FakeShopify({ shopName: "Catalogue bench", maximumAvailable: BUCKET, restoreRate: RESTORE });
for (let p = 0; p < PRODUCTS; p++) {
  fake.addProductInVariants(
    { title: `Bench tee ${p}` },
    ["Size"],
    SIZES.map((size, index) => ({
      values: [size],
      sku: `BT-${p}-${size}`,
      price: "15.00",
      inventoryQuantity: (p + index) % 9,
    })),
  );
}
// What the store charged, as it reports it after each call.
const budget = trackCostBudget(fake);
const shopify = await startFakeShopifyServer(fake);
const server = await startBenchServer({ vars: { SHOPIFY_API_ORIGIN: shopify.origin } });
try {
  const owner = await signedUp(server.wsUrl, "store-catalogue");
  const room = await owner.openRoom(await owner.newRoom("Catalogue bench"));
  // A long sync leaves the socket silent: answer the server's heartbeat.
  room.onMessage((m) => {
    if (m.msg === "ping") room.ws.send(JSON.stringify({ msg: "pong", ...(m.id ? { id: m.id } : {}) }));
  });
  await room.call("store.connect", [fake.credentials]);
  const doc = {};
  let finish = null;
  room.onMessage((m) => {
    if (m.collection !== "store" || m.id !== "sync" || (m.msg !== "added" && m.msg !== "changed")) return;
    Object.assign(doc, m.fields);
    if (finish && m.fields?.running === false) finish();
  });
  await room.subscribe("store");
  const synced = new Promise((resolve) => {
    finish = resolve;
  });
  const callsFrom = fake.calls.length;
  budget.spent = 0;
  const started = performance.now();
  const { started: running } = await room.call("store.sync", [{ full: true }]);
  if (!running) throw new Error("bench: store.sync did not start");
  await synced;
  const took = performance.now() - started;
  if (doc.error !== "" || doc.counts?.products !== PRODUCTS) {
    throw new Error(`bench: the sync ended with ${JSON.stringify({ error: doc.error, counts: doc.counts })}`);
  }
  const throttled = fake.calls.slice(callsFrom).filter((call) => call.throttled).length;
  const floor = (Math.max(0, budget.spent - BUCKET) / RESTORE) * 1000;

  section(
    `${PRODUCTS.toLocaleString("en-US")} products × ${SIZES.length} sizes brought in by a full sync; ` +
      `${budget.spent.toLocaleString("en-US")} cost points spent, never below ${Math.round(budget.lowest).toLocaleString("en-US")} left`,
  );
  report("full sync of the catalogue, call to done", took, Math.max(floor, 1), seconds);
  note(
    `    baseline: the budget's floor, (${budget.spent.toLocaleString("en-US")} − ${BUCKET.toLocaleString("en-US")}) points at ${RESTORE.toLocaleString("en-US")}/s`,
  );
  note(`    THROTTLED answers from the store: ${throttled} (target 0)`);
  note(`    ${Math.round((PRODUCTS / took) * 1000).toLocaleString("en-US")} products/s`);
  if (throttled > 0) throw new Error(`bench: the store refused ${throttled} calls for the budget`);
  room.close();
  owner.home.close();
} finally {
  await server.stop();
  await shopify.close();
}
