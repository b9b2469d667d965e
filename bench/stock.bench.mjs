// Stock movements (docs/architecture.md §9), each figure beside a baseline from the same run:
//   (a) a stock movement's round trip (stock.adjust: the movement, the item's
//       running figures and its history in one transaction, until `result`
//       and `updated`) vs an item edit's (items.update), alternating on one
//       socket — target: about the same;
//   (b) the item page's ledger of an item with many movements: the first
//       200 arriving vs a ledger of 10 movements.
// BENCH_SMOKE=1 runs it small (npm test runs it that way).
import { about, knob, ms, percentile, report, section, signedUp, startBenchServer } from "./harness.mjs";

const ROUNDS = knob("BENCH_ROUNDS", 300, 10);
const MANY = knob("BENCH_MOVEMENTS", 5_000, 50);

about(
  "A stock movement's round trip (the movement, the item's running figures and its history in one transaction) beside an item edit's on the same socket; " +
    `and an item's ledger (its newest 200) with ${MANY.toLocaleString("en-US")} movements beside one with 10.`,
);

const server = await startBenchServer();
try {
  const owner = await signedUp(server.wsUrl, "stock");
  const roomId = await owner.newRoom("Stock bench");
  const room = await owner.openRoom(roomId);
  const itemId = await room.call("items.add", [{ title: "Lamp", quantity: 10 }]);
  const timed = async (call) => {
    const start = performance.now();
    await call();
    return performance.now() - start;
  };
  const edit = (i) => room.call("bench.updateItem", [itemId, { title: `Lamp ${i}` }]);
  const move = (i) =>
    room.call("bench.adjustStock", [{ itemId, locationId: "main", quantity: i % 2 ? 1 : -1, reason: "correction" }]);
  for (let i = 0; i < 10; i++) {
    await edit(i);
    await move(i);
  }
  const edits = [];
  const moves = [];
  for (let i = 0; i < ROUNDS; i++) {
    edits.push(await timed(() => edit(i)));
    moves.push(await timed(() => move(i)));
  }
  section(`(a) a stock movement until result and updated vs an item edit, alternating on one socket, ${ROUNDS} rounds`);
  report("p50", percentile(moves, 50), percentile(edits, 50), ms);
  report("p99", percentile(moves, 99), percentile(edits, 99), ms);

  // (b) Two items: one with MANY movements, one with 10.
  const busyId = await room.call("items.add", [{ title: "Busy", quantity: 10 }]);
  const quietId = await room.call("items.add", [{ title: "Quiet", quantity: 10 }]);
  for (let i = 0; i < MANY; i++) {
    await room.call("bench.adjustStock", [
      { itemId: busyId, locationId: "main", quantity: i % 2 ? 1 : -1, reason: "correction" },
    ]);
  }
  for (let i = 0; i < 10; i++) {
    await room.call("bench.adjustStock", [
      { itemId: quietId, locationId: "main", quantity: i % 2 ? 1 : -1, reason: "correction" },
    ]);
  }
  const ledgerOf = async (id) => {
    const samples = [];
    for (let i = 0; i < 5; i++) {
      const reader = await owner.openRoom(roomId);
      samples.push(await timed(() => reader.subscribe("stock.ledger", [{ itemId: id, limit: 200 }])));
      reader.close();
    }
    return percentile(samples, 50);
  };
  const busy = await ledgerOf(busyId);
  const quiet = await ledgerOf(quietId);
  section(
    `(b) an item's ledger (its newest 200) until ready, with ${MANY.toLocaleString()} movements vs 10, median of 5`,
  );
  report("ledger", busy, quiet, ms);
  room.close();
  owner.home.close();
} finally {
  await server.stop();
}
