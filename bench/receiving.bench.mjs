// Receiving against a purchase order by scan (docs/buying.md), beside a
// stocktake's scan, in the same room, the same run, alternating on one
// socket: a count of a scanned SKU against a 200-line order (the code found,
// the order's line by its index, the scan stored, the line's tally summed
// and sent) until `result` and `updated`, vs a stocktake's scan of the same
// code. Target: about the same (≤ 1.5×). Then accepting the whole delivery
// (200 receipts, one transaction) beside as many stock adjustments made one
// call at a time.
// BENCH_SMOKE=1 runs it small (npm test runs it that way).
import { about, knob, ms, percentile, report, section, signedUp, startBenchServer } from "./harness.mjs";

const LINES = knob("BENCH_LINES", 200, 20);
const ROUNDS = knob("BENCH_ROUNDS", 400, 20);

about(
  `A count of a scanned code against a ${LINES}-line purchase order beside a stocktake's scan of the same code, alternating on one socket; ` +
    `then accepting the delivery (${LINES} receipts in one transaction) beside ${LINES} stock adjustments one call at a time.`,
);

const server = await startBenchServer();
try {
  const owner = await signedUp(server.wsUrl, "receiving");
  const roomId = await owner.newRoom("Receiving bench");
  const room = await owner.openRoom(roomId);
  const supplierId = await room.call("suppliers.add", [{ name: "Acme" }]);
  const itemIds = [];
  for (let i = 0; i < LINES; i++) {
    itemIds.push(
      await room.call("bench.addItem", [
        { title: `Part ${i}`, sku: `R-${i}`, reorderPoint: 5, costCents: 100 + i, supplierId },
      ]),
    );
  }
  // One order of every item, from low stock, sent.
  const { orders } = await room.call("purchaseOrders.reorderLowStock", [{ times: 4 }]);
  const [orderId] = orders;
  await room.call("purchaseOrders.move", [orderId, "ordered"]);
  const stocktakeId = await room.call("stocktake.start");

  const timed = async (call) => {
    const start = performance.now();
    await call();
    return performance.now() - start;
  };
  const count = (i) => room.call("bench.countReceived", [orderId, { code: `R-${i % LINES}` }]);
  const scan = (i) => room.call("bench.stocktakeScan", [stocktakeId, `R-${i % LINES}`]);
  for (let i = 0; i < 10; i++) {
    await count(i);
    await scan(i);
  }
  const counts = [];
  const scans = [];
  for (let i = 0; i < ROUNDS; i++) {
    counts.push(await timed(() => count(i)));
    scans.push(await timed(() => scan(i)));
  }
  section(
    `(a) one scan counted against a ${LINES}-line order vs one scan in a stocktake, until result and updated, ${ROUNDS} rounds`,
  );
  report("p50", percentile(counts, 50), percentile(scans, 50), ms, 1.5);
  report("p99", percentile(counts, 99), percentile(scans, 99), ms);

  // (b) Accepting everything counted: a receipt for each line, in one transaction, vs as many adjustments.
  const accept = await timed(() => room.call("purchaseOrders.accept", [orderId, {}]));
  const adjust = await timed(async () => {
    for (const itemId of itemIds) {
      await room.call("bench.adjustStock", [{ itemId, locationId: "main", quantity: 1, reason: "received" }]);
    }
  });
  section(`(b) accepting the delivery (${LINES} lines into stock, one call) vs ${LINES} receipts one call each`);
  report("accept", accept, adjust, ms);
  room.close();
  owner.home.close();
} finally {
  await server.stop();
}
