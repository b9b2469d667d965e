// A room far from D1 (docs/architecture.md §2): edits per second one room sustains to 300
// subscribers (BENCH_DISTANCE_SUBSCRIBERS) with 90 ms added to every D1
// round trip the room makes (the bench Worker's D1 binding holds each one
// back), beside the same with nothing added, same room, same run. An edit
// makes no D1 round trip, so the two should match: target ≥ 0.9×. (Before
// rooms kept their own rows an edit made two, one after another, inside the
// room's write queue: about 1 / (2 × 90 ms) ≈ 5.6 edits per second.)
import { about, knob, report, section, signedUp, sleep, startBenchServer, watchedRoom } from "./harness.mjs";

const SUBSCRIBERS = knob("BENCH_DISTANCE_SUBSCRIBERS", 300, 5);
const SECONDS = knob("BENCH_DISTANCE_SECONDS", 8, 1);
const WRITERS = 2;
const IN_FLIGHT = 4;
const DELAY_MS = 90;

about(
  `Edits per second one room sustains to ${SUBSCRIBERS} subscribers with ${DELAY_MS} ms added to every D1 round trip it makes, ` +
    "beside the same with nothing added (same room, same run): an edit makes no D1 round trip, so the two should match.",
);

const server = await startBenchServer();
try {
  const owner = await signedUp(server.wsUrl, "distance");
  const roomId = await owner.newRoom("Far from D1");
  const { itemIds, seen, watchers } = await watchedRoom(owner, roomId, SUBSCRIBERS);
  const writers = await Promise.all(Array.from({ length: WRITERS }, () => owner.openRoom(roomId)));
  const [control] = writers;
  let value = 0;

  /** Edits applied per second for SECONDS, until every subscriber holds the last value of every item. */
  async function editsPerSecond() {
    const last = new Map();
    let applied = 0;
    let over = false;
    const start = performance.now();
    await Promise.all(
      writers.flatMap((writer, w) =>
        Array.from({ length: IN_FLIGHT }, async (_, lane) => {
          // Each lane edits its own items, so the last value of each item is the last one sent.
          const mine = itemIds.filter((_, i) => i % (WRITERS * IN_FLIGHT) === w * IN_FLIGHT + lane);
          let k = 0;
          while (!over) {
            const itemId = mine[k++ % mine.length];
            const quantity = ++value;
            await writer.call("bench.updateItem", [itemId, { quantity }]);
            last.set(itemId, quantity);
            applied++;
            if (performance.now() - start >= SECONDS * 1000) over = true;
          }
        }),
      ),
    );
    const deadline = performance.now() + 120_000;
    while (!seen.every((map) => [...last].every(([id, quantity]) => map.get(id) === quantity))) {
      if (performance.now() > deadline) throw new Error("bench: subscribers never caught up with the last edits");
      await sleep(2);
    }
    return applied / ((performance.now() - start) / 1000);
  }

  const near = await editsPerSecond();
  await control.call("bench.setD1Delay", [DELAY_MS]);
  await control.call("bench.resetD1Statements");
  const far = await editsPerSecond();
  const { trips } = await control.call("bench.d1Statements");
  await control.call("bench.setD1Delay", [0]);
  section(
    `edits per second to ${SUBSCRIBERS} subscribers (${WRITERS} writers × ${IN_FLIGHT} in flight, ${SECONDS} s each, every subscriber caught up), ${DELAY_MS} ms added to every D1 round trip vs none (${trips} D1 round trips made meanwhile)`,
  );
  report(`edits/s, D1 ${DELAY_MS} ms away`, far, near, (x) => `${x.toFixed(1)}/s`, 0.9, true);
  for (const client of [...watchers, ...writers]) client.close();
  owner.home.close();
} finally {
  await server.stop();
}
