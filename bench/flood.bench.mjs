// Fairness under a flood: one room with many subscribers and a
// few writers sending edits as fast as the server takes them, and one
// bystander calling a no-op method now and then. Figures, each beside a
// baseline from the same run:
//   (a) the bystander's round trip during the flood vs the same room idle
//       (p50 and p99; target p99 ≤ 5×) — and that every call was answered;
//   (b) writes applied per second during the flood vs a raw broadcast of the
//       same bytes to as many sockets (EchoDO, no storage, no merge box);
//   (c) the floor none of our code is in: a bystander's echo in a raw room
//       (EchoDO) while it broadcasts the same change to as many sockets at the
//       rate (b) applied, vs that room idle — what the runtime and this
//       machine queue before any handler of ours could run; and (a)'s p99
//       against it.
// BENCH_SMOKE=1 runs it small and short (npm test runs it that way).
import {
  about,
  ddp,
  knob,
  ms,
  note,
  openMany,
  openSocket,
  percentile,
  rawBroadcastRate,
  report,
  SMOKE,
  section,
  sleep,
  startBenchServer,
} from "./harness.mjs";

const SUBSCRIBERS = knob("BENCH_SUBSCRIBERS", 300, 20);
const WRITERS = knob("BENCH_WRITERS", 10, 2);
const FLOOD_MS = knob("BENCH_FLOOD_SECONDS", 15, 2) * 1000;
const IN_FLIGHT = Number(process.env.BENCH_IN_FLIGHT ?? 32);
// The bystander calls like a person would, a few times a second: its own call budget
// (200 per 10 s per connection) is not what is measured.
const PROBES = SMOKE ? 10 : 50;
const PROBE_EVERY_MS = 200;

const perSecond = (value) => `${value.toFixed(1)}/s`;

about(
  `Fairness under a flood: a bystander's round trip in a room of ${SUBSCRIBERS} subscribers while ${WRITERS} writers flood it, beside the same room idle; ` +
    "writes applied per second beside a raw broadcast of the same bytes; and the floor: a bystander's echo in a bare broadcasting Durable Object.",
);

const server = await startBenchServer();
try {
  // Three people: the flooder (who owns the room), a watcher whose tabs are the
  // subscribers, and the bystander — so the bystander's own budget is its own.
  const person = async (name) => {
    const home = await ddp(`${server.wsUrl}/api/websocket?shard=0`);
    const email = `${name}${Date.now()}@example.com`;
    const { token } = await home.call("createUser", [{ email, password: "bench" }]);
    home.close();
    return { email, token };
  };
  const [flooder, watcher, bystanderPerson] = [
    await person("flooder"),
    await person("watcher"),
    await person("bystander"),
  ];
  const home = await ddp(`${server.wsUrl}/api/websocket?shard=0`);
  await home.call("login", [{ resume: flooder.token }]);
  const roomId = await home.call("rooms.create", ["flood"]);
  home.close();
  const roomUrl = `${server.wsUrl}/api/rooms/${roomId}/websocket`;
  const signedIn = async (options, token = flooder.token) => {
    const client = await ddp(roomUrl, options);
    await client.call("login", [{ resume: token }]);
    return client;
  };
  const owner = await signedIn();
  for (const { email } of [watcher, bystanderPerson]) await owner.call("members.invite", [email, "member"]);
  owner.close();

  const seeder = await signedIn();
  const itemIds = [];
  for (let i = 0; i < 20; i++)
    itemIds.push(await seeder.call("items.add", [{ title: `Flood item ${i}`, quantity: 0 }]));
  seeder.close();

  // Subscribers use batched frames, as the app's client does.
  let deliveries = 0;
  const subscribers = await openMany(
    SUBSCRIBERS,
    async () => {
      const client = await signedIn({ batch: true }, watcher.token);
      client.onMessage((m) => {
        if (m.msg === "changed") deliveries++;
      });
      await client.subscribe("items");
      return client;
    },
    25,
  );
  const bystander = await signedIn({}, bystanderPerson.token);
  const probe = async () => {
    const t = performance.now();
    await bystander.call("bench.noop");
    return performance.now() - t;
  };
  for (let i = 0; i < 10; i++) await probe();
  const idle = [];
  for (let i = 0; i < PROBES; i++) idle.push(await probe());

  // The flood: each writer keeps IN_FLIGHT edits outstanding until time is up.
  const writers = await Promise.all(Array.from({ length: WRITERS }, () => signedIn()));
  let applied = 0;
  const cutOff = new Set();
  let refused = 0;
  let floodOver = false;
  const flood = writers.map(async (writer, w) => {
    let n = 0;
    const lane = async () => {
      while (!floodOver) {
        const itemId = itemIds[(w * 7 + n) % itemIds.length];
        n++;
        try {
          await writer.call("items.update", [itemId, { quantity: (w * 1000 + n) % 10_000 }]);
          applied++;
        } catch (error) {
          if (error.closeCode === 1008) {
            // Told to slow down and kept on: the server hung up on this writer.
            cutOff.add(w);
            return;
          }
          if (!String(error.message).includes("too many requests")) throw error;
          refused++;
          // A flooder does not wait as long as it is told to.
          await sleep(50);
        }
      }
    };
    await Promise.all(Array.from({ length: IN_FLIGHT }, lane));
  });
  // A writer that fails stops the flood at once (and the bench, after the server is stopped).
  let floodError = null;
  for (const writer of flood)
    writer.catch((error) => {
      floodError ??= error;
      floodOver = true;
    });
  const floodStart = performance.now();
  const during = [];
  const stopAt = floodStart + FLOOD_MS;
  while (performance.now() < stopAt && !floodOver) {
    during.push(await probe());
    await sleep(PROBE_EVERY_MS);
  }
  const appliedInTime = applied;
  const elapsed = (performance.now() - floodStart) / 1000;
  floodOver = true;
  await Promise.allSettled(flood);
  if (floodError) throw floodError;

  section(
    `(a) a bystander's no-op round trip, ${SUBSCRIBERS} subscribers, ${WRITERS} writers flooding (${IN_FLIGHT} calls each in flight), vs the same room idle`,
  );
  note(
    `    answered during the flood: ${during.length} of ${during.length} (a call that got no answer fails the bench)`,
  );
  report("p50 during the flood", percentile(during, 50), percentile(idle, 50), ms);
  report("p99 during the flood", percentile(during, 99), percentile(idle, 99), ms, 5);

  // (b) The same bytes broadcast raw to as many sockets, as fast as they go.
  const sample = JSON.stringify({ msg: "changed", collection: "items", id: itemIds[0], fields: { quantity: 1234567 } });
  const { perSecond: rawPerSecond } = await rawBroadcastRate(
    server,
    "flood",
    SUBSCRIBERS,
    sample,
    Math.min(FLOOD_MS, 5000),
  );
  section(
    `(b) writes applied per second during the flood vs a raw broadcast of one such change to ${SUBSCRIBERS} sockets`,
  );
  note(
    `    ${appliedInTime} edits applied in ${elapsed.toFixed(1)} s, ${refused} refused with too-many-requests, ${deliveries} changes delivered; ${cutOff.size} of ${WRITERS} writers cut off for ignoring too-many-requests`,
  );
  report("writes/s applied", appliedInTime / elapsed, rawPerSecond, perSecond);

  for (const client of [...subscribers, ...writers.filter((_, w) => !cutOff.has(w)), bystander]) client.close();

  // (c) The floor: the same fan-out with none of our code in the way.
  const floor = await rawBystanderFloor(SUBSCRIBERS, sample, appliedInTime / elapsed, FLOOD_MS);
  section(
    `(c) a bystander's echo in a raw room (EchoDO: no parsing, no storage, no merge box) while it broadcasts one such change to ${SUBSCRIBERS} sockets ${perSecond(appliedInTime / elapsed)}, vs the same room idle`,
  );
  report("p99, raw room busy vs idle", percentile(floor.busy, 99), percentile(floor.idle, 99), ms);
  report("(a)'s p99 vs this floor", percentile(during, 99), percentile(floor.busy, 99), ms);
} finally {
  await server.stop();
}

/**
 * A bystander's echo round trips in an EchoDO room of `count` sockets, idle
 * and then while `payload` is broadcast to them all `rate` times a second.
 */
async function rawBystanderFloor(count, payload, rate, durationMs) {
  const room = `${server.wsUrl}/bench/echo/flood-floor`;
  const sockets = await openMany(count, () => openSocket(room, () => {}), 25);
  const waiting = new Map();
  const bystander = await openSocket(room, (frame) => waiting.get(frame)?.());
  let n = 0;
  const echo = () =>
    new Promise((resolve) => {
      const token = `echo:${n++}`;
      const t = performance.now();
      waiting.set(token, () => {
        waiting.delete(token);
        resolve(performance.now() - t);
      });
      bystander.send(token);
    });
  for (let i = 0; i < 10; i++) await echo();
  const idle = [];
  for (let i = 0; i < PROBES; i++) idle.push(await echo());
  let over = false;
  const start = performance.now();
  const broadcasting = (async () => {
    let sent = 0;
    while (!over) {
      const due = Math.floor(((performance.now() - start) / 1000) * rate);
      for (; sent < due; sent++) sockets[0].send(`all:${payload}`);
      await sleep(5);
    }
  })();
  const busy = [];
  while (performance.now() - start < durationMs) {
    busy.push(await echo());
    await sleep(PROBE_EVERY_MS);
  }
  over = true;
  await broadcasting;
  for (const socket of [...sockets, bystander]) socket.close(1000);
  return { idle, busy };
}
