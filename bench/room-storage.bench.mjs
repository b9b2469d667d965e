// Each room's own storage (docs/architecture.md §2), measured in one run of the bench Worker:
//   (a) D1 round trips per action, counted by the room's D1 binding (a batch
//       counts one), beside a directory change (rooms.rename), which goes to D1;
//   (b) a real item edit, until both `result` and `updated`, beside a DDP ping
//       answered by the same Durable Object on the same socket (target ≤ 1.5×);
//   (b2) cheap calls (files.status and files.link of nothing, a call doing
//       nothing) beside a ping, on a batched and a plain connection, and a
//       ping right after a call beside one right after a ping;
//   (c) a point read and write in the room's own SQLite beside the same through
//       D1, from the same object (locally D1 is a SQLite in the same process, so
//       this is a lower bound of the difference: production adds the network);
//   (d) stocktake.apply of 20,000 changes (BENCH_APPLY_ITEMS), every change in
//       history, beside the same number of edits one call each (extrapolated);
//   (e) a room of the previous release waking with 10,000 items
//       (BENCH_MOVE_ITEMS) in D1, moving them into its own storage, beside a
//       room that already has them.
import { FakeShopify } from "../tests/support/fake-shopify.ts";
import { startFakeShopifyServer } from "../tests/support/fake-shopify-server.ts";
import {
  about,
  knob,
  ms,
  note,
  percentile,
  pingTimer,
  postOrderWebhook,
  report,
  section,
  seedItems,
  signedUp,
  sleep,
  startBenchServer,
} from "./harness.mjs";

const ROUNDS = knob("BENCH_ROUNDS", 200, 5);
const STORAGE_OPS = knob("BENCH_STORAGE_OPS", 2_000, 50);
const APPLY_ITEMS = knob("BENCH_APPLY_ITEMS", 20_000, 600);
const SINGLE_EDITS = knob("BENCH_SINGLE_EDITS", 200, 10);
const MOVE_ITEMS = knob("BENCH_MOVE_ITEMS", 10_000, 300);

const count = (n) => n.toLocaleString("en-US");
const seconds = (value) => `${(value / 1000).toFixed(2)} s`;

about(
  "Each room's own storage: D1 round trips per action beside a directory change; an item edit beside a DDP ping on the same socket; " +
    "a point read and write in the room's SQLite beside D1; a stocktake apply beside one call per item; a previous release's room moving its items out of D1 beside one already holding them.",
);

const fake = new FakeShopify();
const shopify = await startFakeShopifyServer(fake);
const server = await startBenchServer({ vars: { SHOPIFY_API_ORIGIN: shopify.origin } });
try {
  const owner = await signedUp(server.wsUrl, "storage");

  // (a) D1 round trips per action.
  {
    const roomId = await owner.newRoom("Round trips");
    const room = await owner.openRoom(roomId);
    await room.call("store.connect", [fake.credentials]);
    // Warm: the room's own record is read from the directory once, the first time it is needed.
    const itemId = await room.call("items.add", [{ title: "Lamp", sku: "L-1", quantity: 1 }]);
    const trips = async (action) => {
      await room.call("bench.resetD1Statements");
      await action();
      return (await room.call("bench.d1Statements")).trips;
    };
    const update = await trips(() => room.call("items.update", [itemId, { quantity: 2 }]));
    const add = await trips(() => room.call("items.add", [{ title: "Vase" }]));
    const stocktakeId = await room.call("stocktake.start");
    const scan = await trips(() => room.call("stocktake.scan", [stocktakeId, "L-1"]));
    // Queued, then applied by the consumer within about a second.
    const orderTrips = (number) =>
      trips(async () => {
        await postOrderWebhook(server.url, fake, number);
        for (let i = 0; i < 100 && (await room.call("bench.orderCount")) < number - 1000; i++) await sleep(100);
        // The new-order e-mail check runs just after, in the background.
        await sleep(300);
      });
    const firstOrder = await orderTrips(1001);
    const order = await orderTrips(1002);
    const rename = await trips(() => room.call("rooms.rename", ["Round trips, renamed"]));
    section("(a) D1 round trips per action in the room (a batch counts one) vs a directory change (rooms.rename)");
    const n = (value) => String(value);
    report("items.update (target 0)", update, rename, n);
    report("items.add (target 0)", add, rename, n);
    report("stocktake.scan (target 0)", scan, rename, n);
    report("a webhook order, in the room (target 0)", order, rename, n);
    report("the room's first order since it woke", firstOrder, rename, n);
    note(
      "  (the first reads the member list once, for new-order e-mails, and keeps it until a membership changes;\n" +
        "   the webhook route itself reads D1 once per delivery: the shop's directory entry, to check the signature)",
    );
    room.close();
  }

  // (b) An item edit vs a ping, alternating on one socket.
  {
    const roomId = await owner.newRoom("Edit vs ping");
    const room = await owner.openRoom(roomId);
    const itemId = await room.call("items.add", [{ title: "Lamp", quantity: 0 }]);
    const ping = pingTimer(room);
    // items.update itself, under the bench's name so a few hundred in a row stay outside the call budget.
    const edit = async (quantity) => {
      const start = performance.now();
      await room.call("bench.updateItem", [itemId, { quantity }]);
      return performance.now() - start;
    };
    // The floor under an edit: a method whose whole work is one durable row write. The runtime holds its
    // answer until the write is stored (the output gate), as it holds every write's.
    const touch = async (value) => {
      const start = performance.now();
      await room.call("bench.touch", [value]);
      return performance.now() - start;
    };
    // …and a method that writes nothing: what a call costs beside a ping before any storage.
    const noop = async () => {
      const start = performance.now();
      await room.call("bench.noop", []);
      return performance.now() - start;
    };
    // Warm-up rounds, not counted.
    for (let i = 0; i < 5; i++) {
      await ping();
      await edit(100 + i);
      await touch(i);
      await noop();
    }
    const edits = [];
    const pingTimes = [];
    const touches = [];
    const noops = [];
    for (let round = 0; round < ROUNDS; round++) {
      pingTimes.push(await ping());
      edits.push(await edit(1_000 + round));
      touches.push(await touch(round));
      noops.push(await noop());
    }
    section(`(b) an item edit until result and updated vs a DDP ping, same socket, ${ROUNDS} rounds`);
    report("p50", percentile(edits, 50), percentile(pingTimes, 50), ms, 1.5);
    report("p99", percentile(edits, 99), percentile(pingTimes, 99), ms);
    note(
      "    the floor: a method that writes nothing, one writing one row (answered once stored), each vs the same ping; the edit vs the write",
    );
    report("no-op p50", percentile(noops, 50), percentile(pingTimes, 50), ms);
    report("write p50", percentile(touches, 50), percentile(pingTimes, 50), ms);
    report("edit/write p50", percentile(edits, 50), percentile(touches, 50), ms);
    room.close();
  }

  // (b2) Cheap calls vs a ping: files.status of an unknown upload (one small read, an error; outside the
  // call budget), files.link of an unknown file (the role from memory, one read, an error; counted
  // against the budget, so fewer rounds than its 150 calls per 10 s) and a method that does nothing (the
  // floor under any call), on a batched connection as the app's and on a plain one. Each round takes
  // them in a turned order: on a plain socket whatever follows a pong is slower, so no figure may always
  // come first. Then a ping sent right after a call beside one sent right after a ping: a call that left
  // work behind (a write still being stored) would hold the message after it — as the release before
  // each room's own storage did, which made every ping in this comparison slower than a call
  // (docs/performance.md, "A cheap call beside a ping").
  // Someone of their own: these calls count against a person's budget too.
  const caller = await signedUp(server.wsUrl, "cheap-calls");
  for (const batch of [true, false]) {
    const roomId = await caller.newRoom(`Cheap calls${batch ? ", batched" : ""}`);
    const room = await caller.openRoom(roomId, { batch });
    const ping = pingTimer(room);
    const answered = async (method, params) => {
      const start = performance.now();
      await room.call(method, params);
      return performance.now() - start;
    };
    const refused = async (method, params) => {
      const start = performance.now();
      await room.call(method, params).then(
        () => {
          throw new Error(`bench: ${method} of nothing was answered`);
        },
        () => {},
      );
      return performance.now() - start;
    };
    const rounds = Math.min(ROUNDS, 100);
    const times = { ping: [], noop: [], status: [], link: [], pingAfterCall: [], pingAfterPing: [] };
    const steps = [
      async () => times.ping.push(await ping()),
      async () => times.noop.push(await answered("bench.noop", [])),
      async () => times.status.push(await refused("files.status", ["no-such-upload"])),
      async () => times.link.push(await refused("files.link", ["no-such-file"])),
    ];
    for (let i = 0; i < 5; i++) {
      await ping();
      await refused("files.status", ["no-such-upload"]);
    }
    for (let round = 0; round < rounds; round++) {
      for (let step = 0; step < steps.length; step++) await steps[(round + step) % steps.length]();
      await answered("bench.noop", []);
      times.pingAfterCall.push(await ping());
      times.pingAfterPing.push(await ping());
    }
    const kind = batch ? "batched" : "plain";
    const p50 = (name) => percentile(times[name], 50);
    section(`(b2) a cheap call until its answer vs a DDP ping, same ${kind} socket, ${rounds} rounds`);
    report(`files.status p50 (${kind})`, p50("status"), p50("ping"), ms);
    report(`files.link p50 (${kind})`, p50("link"), p50("ping"), ms);
    report(`a call doing nothing p50 (${kind})`, p50("noop"), p50("ping"), ms);
    report(`files.status vs a call doing nothing (${kind})`, p50("status"), p50("noop"), ms, 1.25);
    report(`a ping after a call vs after a ping (${kind})`, p50("pingAfterCall"), p50("pingAfterPing"), ms, 1.1);
    room.close();
  }

  // (c) The room's own SQLite vs D1, from the same object.
  {
    const roomId = await owner.newRoom("Storage");
    const room = await owner.openRoom(roomId);
    const timing = await room.call("bench.storage", [STORAGE_OPS]);
    section(
      `(c) a point write and read, ${count(STORAGE_OPS)} each: the room's own SQLite vs D1 (locally a lower bound)`,
    );
    report("write, room SQLite vs D1", timing.roomWrite, timing.d1Write, ms);
    report("read, room SQLite vs D1", timing.roomRead, timing.d1Read, ms);
    room.close();
  }

  // (d) stocktake.apply of many changes.
  {
    const roomId = await owner.newRoom("Big stocktake");
    const room = await owner.openRoom(roomId);
    await room.call("bench.seedItems", [APPLY_ITEMS]);
    const stocktakeId = await room.call("stocktake.start");
    await room.call("bench.seedScans", [stocktakeId]);
    const start = performance.now();
    const { changed } = await room.call("stocktake.apply", [stocktakeId]);
    const applyMs = performance.now() - start;
    if (changed !== APPLY_ITEMS) throw new Error(`bench: the stocktake changed ${changed} of ${APPLY_ITEMS} items`);
    const history = await room.call("bench.historyCount", [`stocktake:${stocktakeId}`]);
    if (history !== APPLY_ITEMS) throw new Error(`bench: ${history} history entries for ${APPLY_ITEMS} changes`);

    // Baseline: the same kind of change, one call per item, for a sample, extrapolated.
    const ids = Array.from({ length: SINGLE_EDITS }, (_, i) => `${roomId}-${i}`);
    const singleStart = performance.now();
    // items.update itself under the bench's name: the call budget would otherwise pace the sample.
    for (const [i, id] of ids.entries()) await room.call("bench.updateItem", [id, { quantity: 500 + i }]);
    const perCall = (performance.now() - singleStart) / SINGLE_EDITS;
    section(
      `(d) stocktake.apply of ${count(APPLY_ITEMS)} changes (chunks of 500, each in one transaction; every change in history) vs one call per item`,
    );
    report(`apply ${count(APPLY_ITEMS)} changes`, applyMs, perCall * APPLY_ITEMS, seconds);
    room.close();
  }

  // (e) The first wake of a room of the previous release.
  {
    const movedId = await owner.newRoom("Previous release");
    seedItems(server.stateDir, movedId, MOVE_ITEMS, (i) => ({ title: `Old item ${i}`, sku: `OLD-${i}` }));
    const start = performance.now();
    const moved = await owner.openRoom(movedId);
    // Connected and logged in while the rows are still moving (the room says how far it got).
    const answeredMs = performance.now() - start;
    await moved.subscribe("items");
    const moveMs = performance.now() - start;
    // Another person's room (rooms made per person are rate-limited).
    const other = await signedUp(server.wsUrl, "storage-held");
    const heldId = await other.newRoom("Already here");
    const seeder = await other.openRoom(heldId);
    await seeder.call("bench.seedItems", [MOVE_ITEMS]);
    seeder.close();
    await sleep(100);
    const heldStart = performance.now();
    const held = await other.openRoom(heldId);
    const heldAnsweredMs = performance.now() - heldStart;
    await held.subscribe("items");
    const heldMs = performance.now() - heldStart;
    section(
      `(e) a room of the previous release waking with ${count(MOVE_ITEMS)} items in D1 (it takes connections at once and says how far it got; its rows are served once moved, in chunks of 500) vs one already holding them`,
    );
    report("connected and logged in (the move under way)", answeredMs, heldAnsweredMs, ms);
    report("open and read the catalogue", moveMs, heldMs, seconds);
    moved.close();
    held.close();
    other.home.close();
  }
  owner.home.close();
} finally {
  await server.stop();
  await shopify.close();
}
