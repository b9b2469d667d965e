// Dashboard benchmark (docs/product.md §3): one item change counted into the room's
// aggregates — what stock is worth at cost by location and supplier among them
// (docs/buying.md) — with 1,000 and with 100,000 items in the room, each beside a
// full recompute of the same room in the same run. Targets: the update at
// 100k ≤ 2× the update at 1k, and ≤ 1/50 of the full recompute.
// Time inside a Worker stands still while code runs, so each figure is a
// whole request of K operations, minus an empty request, divided by K.
import { about, knob, listKnob, ms, percentile, report, section, startBenchServer } from "./harness.mjs";

const SIZES = listKnob("BENCH_AGGREGATE_SIZES", "1000,100000", "100,1000");
const UPDATES = knob("BENCH_AGGREGATE_UPDATES", 2000, 50);
const ROUNDS = 5;

about(
  `One item change counted into the room's dashboard aggregates with ${SIZES.map((n) => n.toLocaleString("en-US")).join(" and ")} items, ` +
    "each beside a full recompute of the same room in the same run (whole requests minus an empty one).",
);

const server = await startBenchServer();
try {
  const call = async (name, op, n) => {
    const started = performance.now();
    const response = await fetch(`${server.url}/bench/aggregates/${name}?op=${op}&n=${n}`);
    await response.text();
    return performance.now() - started;
  };
  /** Per-operation time: the median of ROUNDS requests of `n` operations, minus an empty one. */
  const perOperation = async (name, op, n) => {
    const times = [];
    for (let round = 0; round < ROUNDS; round++) {
      const empty = await call(name, op, 0);
      times.push(((await call(name, op, n)) - empty) / n);
    }
    return percentile(times, 50);
  };

  const results = {};
  for (const size of SIZES) {
    const name = `room-${size}`;
    await call(name, "setup", size);
    await perOperation(name, "update", 200); // warm-up
    results[size] = {
      update: await perOperation(name, "update", UPDATES),
      recompute: await perOperation(name, "recompute", 1),
    };
  }
  const [small, large] = SIZES;
  section(`(a) one item change counted into the dashboard, median of ${ROUNDS} × ${UPDATES} changes`);
  for (const size of SIZES) {
    report(`update, ${size} items, vs full recompute`, results[size].update, results[size].recompute, ms, 1 / 50);
  }
  report(`update at ${large} items vs at ${small}`, results[large].update, results[small].update, ms, 2);
} finally {
  await server.stop();
}
