// Live-layer benchmarks (issue 2), each beside a raw baseline in the same
// workerd and the same run:
//   (a) method round trip p50/p99 vs a raw WebSocket echo;
//   (b) one item change reaching N subscribers vs a raw broadcast of the same bytes;
//   (c) memory per idle connection with one subscription vs a raw idle socket.
import {
  knob,
  listKnob,
  ms,
  openMany,
  openSocket,
  percentile,
  report,
  SMOKE,
  signedUp,
  sleep,
  startBenchServer,
  treeRss,
} from "./harness.mjs";

const ROUND_TRIPS = knob("BENCH_ROUND_TRIPS", 2000, 50);
const FANOUT_ROUNDS = knob("BENCH_FANOUT_ROUNDS", 15, 1);
const FANOUT_SIZES = listKnob("BENCH_FANOUT", "10,100,300,500", "3");
const IDLE = knob("BENCH_IDLE", 500, 5);
const WARM_UP = SMOKE ? 5 : 200;
// BENCH_PARTS=a (or "a,c"…) measures only those parts.
const PARTS = new Set((process.env.BENCH_PARTS ?? "a,b,c").split(","));

const server = await startBenchServer();
try {
  const owner = await signedUp(server.wsUrl, "live");

  // (a) Round trips, interleaved in batches so drift hits both alike.
  if (PARTS.has("a")) await roundTrips();
  async function roundTrips() {
    const roomId = await owner.newRoom();
    const client = await owner.openRoom(roomId);
    // The app's own client asks for batched frames: `result` and `updated` then share one frame.
    const batched = await owner.openRoom(roomId, { batch: true });
    let pending = null;
    const echo = await openSocket(`${server.wsUrl}/bench/echo/rtt`, (text) => pending?.(text));
    const frame = JSON.stringify({ msg: "method", id: "1000000", method: "bench.noop", params: [] });
    const echoOnce = () =>
      new Promise((resolve) => {
        pending = resolve;
        echo.send(`echo:${frame}`);
      });
    // Five rounds, calls and echoes interleaved; the figure is the median round,
    // which keeps a noisy neighbour on a shared machine from deciding it.
    for (let i = 0; i < WARM_UP; i++) {
      await client.call("bench.noop");
      await batched.call("bench.noop");
      await echoOnce();
    }
    const rounds = [];
    for (let round = 0; round < 5; round++) {
      const live = [];
      const liveBatched = [];
      const raw = [];
      for (let i = 0; i < ROUND_TRIPS / 5; i++) {
        let t = performance.now();
        await client.call("bench.noop");
        live.push(performance.now() - t);
        t = performance.now();
        await batched.call("bench.noop");
        liveBatched.push(performance.now() - t);
        t = performance.now();
        await echoOnce();
        raw.push(performance.now() - t);
      }
      rounds.push({ live, liveBatched, raw, ratio: percentile(live, 50) / percentile(raw, 50) });
    }
    rounds.sort((a, b) => a.ratio - b.ratio);
    const { live, liveBatched, raw } = rounds[2];
    console.log(
      `\n(a) method round trip (result + updated) vs raw echo: median of 5 rounds of ${ROUND_TRIPS / 5} calls`,
    );
    report("p50, one message per frame (ddp.js, Meteor)", percentile(live, 50), percentile(raw, 50), ms, 1.3);
    report("p99, one message per frame", percentile(live, 99), percentile(raw, 99), ms);
    report("p50, batched frames (the app's client)", percentile(liveBatched, 50), percentile(raw, 50), ms, 1.3);
    report("p99, batched frames", percentile(liveBatched, 99), percentile(raw, 99), ms);
    client.close();
    batched.close();
    echo.close(1000);
  }

  // (b) Fan-out of one item change.
  if (PARTS.has("b")) await fanOut();
  async function fanOut() {
    console.log(
      `\n(b) one item change to N subscribers, time to the last delivery (median of ${FANOUT_ROUNDS}) vs raw broadcast`,
    );
    for (const n of FANOUT_SIZES) {
      const fanRoom = await owner.newRoom();
      const editor = await owner.openRoom(fanRoom);
      const itemId = await editor.call("items.add", [{ title: "Fan-out item", quantity: 0 }]);
      let remaining = 0;
      let finish = null;
      let sample = "";
      const watchers = await openMany(n, async () => {
        const watcher = await owner.openRoom(fanRoom);
        watcher.onMessage((m) => {
          if (m.msg === "changed" && m.id === itemId && --remaining === 0) finish?.();
        });
        await watcher.subscribe("items");
        return watcher;
      });
      watchers[0].onMessage((m) => {
        if (m.msg === "changed") sample = JSON.stringify(m);
      });
      const liveTimes = [];
      for (let round = 1; round <= FANOUT_ROUNDS + 2; round++) {
        remaining = n;
        const done = new Promise((resolve) => {
          finish = resolve;
        });
        const t = performance.now();
        editor.ws.send(
          JSON.stringify({
            msg: "method",
            id: `q${round}`,
            method: "items.update",
            params: [itemId, { quantity: round }],
          }),
        );
        await done;
        if (round > 2) liveTimes.push(performance.now() - t);
      }
      let rawRemaining = 0;
      let rawFinish = null;
      const sockets = await openMany(n, (i) =>
        openSocket(`${server.wsUrl}/bench/echo/fan-${n}`, () => {
          if (--rawRemaining === 0) rawFinish?.();
        }).then((ws) => ({ ws, i })),
      );
      const sender = await openSocket(`${server.wsUrl}/bench/echo/fan-${n}-sender`, () => {});
      sender.close(1000);
      const rawTimes = [];
      for (let round = 1; round <= FANOUT_ROUNDS + 2; round++) {
        rawRemaining = n;
        const done = new Promise((resolve) => {
          rawFinish = resolve;
        });
        const t = performance.now();
        sockets[0].ws.send(`all:${sample}`);
        await done;
        if (round > 2) rawTimes.push(performance.now() - t);
      }
      report(`N = ${n}`, percentile(liveTimes, 50), percentile(rawTimes, 50), ms, n === 500 ? 1.5 : undefined);
      for (const watcher of watchers) watcher.close();
      for (const { ws } of sockets) ws.close(1000);
      editor.close();
      await sleep(500);
    }
  }
} finally {
  await server.stop();
}

// (c) Memory per idle connection: each side in its own fresh server process,
// so garbage from one cannot hide in the other's figure.
async function idleGrowth(openIdle) {
  const fresh = await startBenchServer();
  try {
    const prepared = await openIdle.prepare?.(fresh);
    await sleep(1500);
    const before = treeRss(fresh.pid);
    const sockets = await openMany(IDLE, () => openIdle.open(fresh, prepared));
    await sleep(2000);
    const growth = (treeRss(fresh.pid) - before) / IDLE;
    for (const socket of sockets) socket.close(1000);
    return growth;
  } finally {
    await fresh.stop();
  }
}

if (PARTS.has("c")) await idleMemory();
async function idleMemory() {
  console.log(`\n(c) memory per idle connection, ${IDLE} connections, vs an idle raw socket`);
  // Both sides warm their object first, so only per-connection growth is counted.
  const rawPer = await idleGrowth({
    prepare: (s) => openSocket(`${s.wsUrl}/bench/echo/idle`, () => {}),
    open: (s) => openSocket(`${s.wsUrl}/bench/echo/idle`, () => {}),
  });
  const livePer = await idleGrowth({
    async prepare(s) {
      const user = await signedUp(s.wsUrl, "idle");
      const roomId = await user.newRoom("idle");
      const seeder = await user.openRoom(roomId);
      for (let i = 0; i < 20; i++) await seeder.call("items.add", [{ title: `Idle item ${i}`, quantity: i }]);
      await seeder.subscribe("items");
      return user.openRoom.bind(null, roomId);
    },
    async open(_s, openRoom) {
      const c = await openRoom();
      await c.subscribe("items");
      return { close: () => c.close() };
    },
  });
  const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
  report("per connection (20-item subscription)", livePer, rawPer, kib);
}
