// Benchmark plumbing: a bench Worker under `wrangler dev` on a free port with
// its own state, minimal DDP sockets over `ws`, and figures printed beside
// their same-run baselines as ratios. Plain JavaScript, run by Node 22.
import { appendFileSync, readdirSync, readFileSync } from "node:fs";
import { registerHooks } from "node:module";
import WebSocket from "ws";
// Node 22 strips the types: the same launcher the interop and browser tests use.
import { startServer } from "../tests/support/server.ts";

const CONFIG = "bench/wrangler.bench.toml";

/**
 * The bench Worker (real app + raw baselines) on a free port with fresh
 * state; `options.vars` are extra Worker variables.
 */
export async function startBenchServer(options = {}) {
  const server = await startServer({ ...options, config: CONFIG, migrationsConfig: CONFIG });
  return { ...server, wsUrl: server.url.replace("http", "ws") };
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Smoke mode (`BENCH_SMOKE=1`): tiny sizes and one round, so `npm test` runs
 * every bench end to end and a bench that breaks fails the build. Its
 * figures mean nothing; docs/performance.md's come from full runs.
 */
export const SMOKE = process.env.BENCH_SMOKE === "1";

/** A numeric setting: the environment's value, else the full or the smoke default. */
export const knob = (name, full, smoke) => Number(process.env[name] ?? (SMOKE ? smoke : full));

/** A list setting ("10,100,500"), the same way. */
export const listKnob = (name, full, smoke) => (process.env[name] ?? (SMOKE ? smoke : full)).split(",").map(Number);

/**
 * A new user signed up on a home connection (rooms need one since accounts
 * landed): `newRoom` creates a room of theirs, `openRoom` opens a room
 * connection logged in with their token.
 */
export async function signedUp(wsUrl, name = "bench") {
  const home = await ddp(`${wsUrl}/api/websocket?shard=0`);
  const email = `${name}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const { token } = await home.call("createUser", [{ email, password: "bench password" }]);
  return {
    home,
    email,
    token,
    newRoom: (title = `${name} room`) => home.call("rooms.create", [title]),
    async openRoom(roomId, options) {
      const client = await ddp(`${wsUrl}/api/rooms/${roomId}/websocket`, options);
      await client.call("login", [{ resume: token }]);
      return client;
    },
  };
}

/** `pid` and every process under it (wrangler → workerd). */
export function processTree(pid) {
  const children = new Map();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (!children.has(ppid)) children.set(ppid, []);
      children.get(ppid).push(Number(entry));
    } catch {}
  }
  const tree = [];
  const stack = [pid];
  while (stack.length) {
    const current = stack.pop();
    tree.push(current);
    stack.push(...(children.get(current) ?? []));
  }
  return tree;
}

/** Resident memory (bytes) of these processes; cheap enough to sample often. */
export function rssOf(pids) {
  let total = 0;
  for (const pid of pids) {
    try {
      const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
      if (match) total += Number(match[1]) * 1024;
    } catch {}
  }
  return total;
}

/**
 * CPU time (seconds, user + system) used so far by every process under `pid`:
 * the server's own work, whatever the bench client on the same machine costs.
 */
export function treeCpuSeconds(pid) {
  let ticks = 0;
  for (const child of processTree(pid)) {
    try {
      const stat = readFileSync(`/proc/${child}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {}
  }
  // Linux reports clock ticks of 1/100 s (USER_HZ).
  return ticks / 100;
}

/** Resident memory (bytes) of every process under `pid` (wrangler → workerd). */
export function treeRss(pid) {
  return rssOf(processTree(pid));
}

/**
 * A DevTools protocol session with the Worker of a server started with an
 * `inspectorPort`: `command(method, params)` answers with the result. Open it
 * once the server has served a request: before, the Worker has not started
 * and commands go unanswered.
 */
export async function inspectWorker(port) {
  const targets = await (await fetch(`http://127.0.0.1:${port}/json`)).json();
  const socket = new WebSocket(targets[0].webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.once("open", resolve);
    socket.once("error", reject);
  });
  let ids = 0;
  const waiting = new Map();
  socket.on("message", (data) => {
    const message = JSON.parse(data.toString());
    waiting.get(message.id)?.(message.result);
    waiting.delete(message.id);
  });
  return {
    /** A command's result; a bench never hangs: unanswered after `timeoutMs`, it fails saying which. */
    command: (method, params = {}, timeoutMs = 30_000) =>
      new Promise((resolve, reject) => {
        const id = ++ids;
        const timer = setTimeout(() => {
          waiting.delete(id);
          reject(new Error(`bench: the Worker's inspector did not answer ${method} within ${timeoutMs / 1000} s`));
        }, timeoutMs);
        waiting.set(id, (result) => {
          clearTimeout(timer);
          resolve(result);
        });
        socket.send(JSON.stringify({ id, method, params }));
      }),
    close: () => socket.close(),
  };
}

/**
 * The Worker's JavaScript heap in use (bytes) after two full garbage
 * collections. workerd reads inspector commands only when the Worker has
 * something to do, so the server at `url` is asked for its health meanwhile.
 */
export async function heapAfterGc(inspector, url) {
  const poke = setInterval(() => fetch(`${url}/api/health`).catch(() => {}), 100);
  try {
    for (let i = 0; i < 2; i++) {
      await inspector.command("HeapProfiler.collectGarbage");
      await sleep(500);
    }
    return (await inspector.command("Runtime.getHeapUsage")).usedSize;
  } finally {
    clearInterval(poke);
  }
}

/** A bare socket that hands each incoming frame to `onFrame`. */
export function openSocket(url, onFrame) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { perMessageDeflate: process.env.BENCH_DEFLATE !== "0" });
    ws.on("message", (data) => onFrame(data.toString()));
    ws.once("open", () => resolve(ws));
    ws.once("error", reject);
  });
}

let tsHooks = false;
/**
 * Imports one of the app's TypeScript modules (e.g. protocol/) into a
 * benchmark. Node 22 strips the types; the hook adds the `.ts` the app's
 * bundler-style imports leave out.
 */
export async function importTs(path) {
  if (!tsHooks) {
    registerHooks({
      resolve(specifier, context, next) {
        try {
          return next(specifier, context);
        } catch (error) {
          if (/^\.\.?\//.test(specifier) && !/\.[cm]?[jt]sx?$/.test(specifier)) return next(`${specifier}.ts`, context);
          throw error;
        }
      },
    });
    tsHooks = true;
  }
  return import(new URL(`../${path}`, import.meta.url).href);
}

/**
 * A minimal DDP client: connect, call (result + updated), subscribe.
 * `batch: true` asks for batched frames, as the app's client does; `sent`,
 * an array, gets every frame the client sends.
 */
export async function ddp(url, { batch = false, sent = null } = {}) {
  const waiters = new Set();
  const listeners = new Set();
  const ws = await openSocket(url, (text) => {
    const parsed = JSON.parse(text);
    for (const message of Array.isArray(parsed) ? parsed : [parsed]) {
      // Answer the server's heartbeat, or an idle bench client is dropped after 30 s.
      if (message.msg === "ping") send(JSON.stringify(message.id ? { msg: "pong", id: message.id } : { msg: "pong" }));
      for (const listener of listeners) listener(message);
      for (const waiter of [...waiters])
        if (waiter.match(message)) {
          waiters.delete(waiter);
          waiter.resolve(message);
        }
    }
  });
  // Binary frames carry file bytes, which do not compress: deflating them
  // made a 64 MiB upload's transport 5× slower (files bench, BENCH_DEFLATE=0).
  const send = (frame) => {
    sent?.push(frame);
    ws.send(frame, { compress: typeof frame === "string" });
  };
  // A closed connection answers nothing more: everything still waited for fails at once.
  let closed = null;
  ws.on("close", (code) => {
    closed = new Error(`bench: the server closed ${url} (${code})`);
    closed.closeCode = code;
    for (const waiter of [...waiters]) waiter.reject(closed);
  });
  /** The next matching message; a bench never hangs: after `timeoutMs` it fails with what it waited for. */
  const next = (match, what = "a message", timeoutMs = 120_000) =>
    new Promise((resolve, reject) => {
      if (closed) return reject(closed);
      const waiter = {
        match,
        resolve: (m) => {
          clearTimeout(timer);
          resolve(m);
        },
        reject: (error) => {
          clearTimeout(timer);
          waiters.delete(waiter);
          reject(error);
        },
      };
      const timer = setTimeout(() => {
        waiters.delete(waiter);
        reject(new Error(`bench: no ${what} from ${url} within ${timeoutMs / 1000} s`));
      }, timeoutMs);
      waiters.add(waiter);
    });
  let ids = 0;
  const client = {
    ws,
    /** Hands every message to `listener`; answers a function that stops it. */
    onMessage: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    next,
    /** `encodeFrame` turns the message into what is sent (e.g. a binary frame). */
    async call(method, params = [], encodeFrame = JSON.stringify) {
      const id = String(++ids);
      const done = Promise.all([
        next((m) => m.msg === "result" && m.id === id, `result of ${method}`),
        next((m) => m.msg === "updated" && m.methods.includes(id), `updated of ${method}`),
      ]);
      send(encodeFrame({ msg: "method", id, method, params }));
      const [result] = await done;
      if (result.error) throw new Error(result.error.reason);
      return result.result;
    },
    async subscribe(name, params = []) {
      const id = `s${++ids}`;
      const ready = next(
        (m) => (m.msg === "ready" && m.subs.includes(id)) || (m.msg === "nosub" && m.id === id),
        `ready of ${name}`,
      );
      send(JSON.stringify({ msg: "sub", id, name, params }));
      return ready;
    },
    close: () => ws.close(1000),
  };
  send(JSON.stringify({ msg: "connect", version: "1", support: ["1"], ...(batch ? { batch: true } : {}) }));
  await next((m) => m.msg === "connected", "connected");
  return client;
}

/**
 * The raw fan-out baseline: `payload` broadcast from a bare Durable Object
 * (no storage, no merge box) to `count` sockets, as fast as they all take
 * it, for `durationMs`. @returns broadcasts per second and the server's CPU
 * seconds per broadcast.
 */
export async function rawBroadcastRate(server, name, count, payload, durationMs) {
  let received = 0;
  const sockets = await openMany(count, () => openSocket(`${server.wsUrl}/bench/echo/${name}`, () => received++), 25);
  const cpuBefore = treeCpuSeconds(server.pid);
  const start = performance.now();
  let sent = 0;
  while (performance.now() - start < durationMs) {
    // Paced by deliveries: at most 10 broadcasts ahead of the sockets.
    while (sent - received / count > 10) await sleep(1);
    sockets[0].send(`all:${payload}`);
    sent++;
  }
  while (received < sent * count) await sleep(2);
  const perSecond = sent / ((performance.now() - start) / 1000);
  const cpuPerBroadcast = (treeCpuSeconds(server.pid) - cpuBefore) / sent;
  for (const socket of sockets) socket.close(1000);
  return { perSecond, cpuPerBroadcast };
}

/**
 * A room of 20 items watched by `count` subscribers (batching clients, as
 * the app's), each keeping the newest quantity it has seen of every item:
 * `seen[i]` maps item id to quantity. For benches that write to many.
 */
export async function watchedRoom(person, roomId, count) {
  const seeder = await person.openRoom(roomId);
  const itemIds = [];
  for (let i = 0; i < 20; i++) itemIds.push(await seeder.call("items.add", [{ title: `Busy item ${i}`, quantity: 0 }]));
  seeder.close();
  const seen = [];
  const watchers = await openMany(
    count,
    async (i) => {
      const watcher = await person.openRoom(roomId, { batch: true });
      seen[i] = new Map();
      watcher.onMessage((m) => {
        // `added` too: an item no lane happened to edit (a slow machine runs few rounds) stays at
        // the quantity it was added with, and a subscriber that holds it is caught up.
        if ((m.msg === "added" || m.msg === "changed") && m.fields?.quantity !== undefined) {
          seen[i].set(m.id, m.fields.quantity);
        }
      });
      await watcher.subscribe("items");
      return watcher;
    },
    25,
  );
  return { itemIds, seen, watchers };
}

/** Opens `count` things `concurrency` at a time. */
export async function openMany(count, open, concurrency = 50) {
  const out = [];
  for (let i = 0; i < count; i += concurrency) {
    out.push(...(await Promise.all(Array.from({ length: Math.min(concurrency, count - i) }, (_, k) => open(i + k)))));
  }
  return out;
}

export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

export const ms = (value) => `${value.toFixed(3)} ms`;

/**
 * Results for docs/performance.md: when `npm run bench` sets BENCH_RESULTS
 * (a file per bench), each `about`, `section`, `note` and figure is also
 * appended to it as one JSON line (scripts/performance-doc.mjs reads them).
 */
const record = (entry) => {
  if (process.env.BENCH_RESULTS) appendFileSync(process.env.BENCH_RESULTS, `${JSON.stringify(entry)}\n`);
};

/** What the bench measures and against what baseline, in a sentence or two: the lead of its section in docs/performance.md. */
export function about(text) {
  console.log(text);
  record({ kind: "about", text });
}

/** A heading for the figures that follow (what they are, sizes, rounds), after a blank line. */
export function section(text) {
  console.log(`\n${text}`);
  record({ kind: "section", text });
}

/** A line that goes with the figures but has no baseline of its own (an absolute target, a count, a list). */
export function note(text) {
  console.log(text);
  record({ kind: "note", text: text.trim() });
}

/** Splits a formatted figure ("12.3 ms", "4.1/s", "20,001") into its number and its unit (a bare number is a count). */
const split = (text) => {
  const match = /^(-?[\d,.]+(?:e[+-]?\d+)?)\s*(.*)$/.exec(text);
  return match ? { value: match[1], unit: match[2] || "count" } : { value: text, unit: "" };
};

function figureLine(name, figure, baseline, format, ratioText, target, met) {
  const verdict = target === undefined ? "" : `  (target ${target}: ${met ? "met" : "NOT met"})`;
  console.log(
    `${name.padEnd(44)} ${format(figure).padStart(14)}  baseline ${format(baseline).padStart(14)}  ratio ${ratioText}×${verdict}`,
  );
  const shown = split(format(figure));
  record({
    kind: "figure",
    name,
    figure: shown.value,
    baseline: split(format(baseline)).value,
    unit: shown.unit,
    ratio: ratioText,
    ...(target === undefined ? {} : { target, met }),
  });
}

/**
 * One result line: the figure, its same-run baseline and the ratio (with
 * target). Targets are upper bounds unless `higherIsBetter` (throughput).
 */
/** Times a DDP ping with an id on `client` until its pong (ms): the baseline a call is set beside. */
export function pingTimer(client) {
  let pings = 0;
  return async () => {
    const id = `p${++pings}`;
    const start = performance.now();
    const pong = client.next((m) => m.msg === "pong" && m.id === id, "pong");
    client.ws.send(JSON.stringify({ msg: "ping", id }));
    await pong;
    return performance.now() - start;
  };
}

export function report(name, figure, baseline, format, target, higherIsBetter = false) {
  const ratio = figure / baseline;
  const met = higherIsBetter ? ratio >= target : ratio <= target;
  const ratioText = ratio < 0.1 ? ratio.toPrecision(2) : ratio.toFixed(2);
  figureLine(
    name,
    figure,
    baseline,
    format,
    ratioText,
    target === undefined ? undefined : `${higherIsBetter ? "≥" : "≤"} ${target}×`,
    met,
  );
  return ratio;
}

/** Like `report`, for a figure that must match its baseline (e.g. timing that must not leak): met within 1/t … t. */
export function reportSimilar(name, figure, baseline, format, tolerance) {
  const ratio = figure / baseline;
  const met = ratio <= tolerance && ratio >= 1 / tolerance;
  figureLine(name, figure, baseline, format, ratio.toFixed(2), `within ${tolerance}×`, met);
  return ratio;
}

// Seeding a room's items as the previous release kept them (in D1): shared with the browser tests.
export { seedItems } from "../tests/support/legacy-seed.ts";

/**
 * Signs a fresh person up in `page` (in Chromium) and creates a room; answers its URL, open in `page`.
 * Generous waits: it is a bench's first use of a just-started server, and `npm test` runs the smoke
 * benches beside the browser tests on two cores (a first room has taken 30 s there).
 */
export async function signUpWithRoom(page, url, roomName) {
  const loaded = { timeout: 120_000 };
  await page.goto(`${url}/sign-up`, loaded);
  const email = `bench${Date.now()}-${Math.random().toString(36).slice(2, 8)}@bench.example`;
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill("a long password");
  await page.getByRole("button", { name: "Create account" }).click();
  await page.waitForURL(`${url}/?welcome=1`, loaded);
  // The home page is whole once the account has arrived: its "Check your inbox" card names the address.
  await page.getByTestId("check-inbox").getByText(email, { exact: true }).waitFor(loaded);
  await page.getByLabel("New room").fill(roomName);
  await page.getByRole("button", { name: "Create room" }).click();
  await page.getByText("No items yet").waitFor(loaded);
  return page.url();
}

/** An orders/create webhook as the store sends it (a fake store's shop), signed with its client secret. */
export async function postOrderWebhook(url, store, number, deliveryId = `bench-${number}-${Date.now()}`) {
  const body = JSON.stringify({
    id: number,
    admin_graphql_api_id: `gid://shopify/Order/${number}`,
    name: `#${number}`,
    created_at: new Date().toISOString(),
    currency: "USD",
    total_price: "10.00",
    line_items: [{ product_id: 1, sku: "L-1", title: "Lamp", quantity: 1, price: "10.00" }],
  });
  const key = await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(store.clientSecret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const signature = Buffer.from(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(body))).toString(
    "base64",
  );
  const response = await fetch(`${url}/api/webhooks/shopify`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      "X-Shopify-Shop-Domain": store.shop,
      "X-Shopify-Topic": "orders/create",
      "X-Shopify-Webhook-Id": deliveryId,
      "X-Shopify-Hmac-Sha256": signature,
    },
    body,
  });
  if (response.status !== 200) throw new Error(`bench: webhook answered ${response.status}: ${await response.text()}`);
  return response;
}

/**
 * The cost budget as a fake store reports it after each call (its answers'
 * `extensions.cost`): points spent, the least left, the dearest query asked.
 */
export function trackCostBudget(fake) {
  const budget = { spent: 0, lowest: Number.POSITIVE_INFINITY, dearest: 0 };
  const handle = fake.handle.bind(fake);
  fake.handle = async (request) => {
    const answer = await handle(request);
    if (answer?.headers.get("Content-Type")?.includes("json")) {
      const cost = (await answer.clone().json()).extensions?.cost;
      if (cost) {
        budget.spent += cost.actualQueryCost ?? 0;
        budget.lowest = Math.min(budget.lowest, cost.throttleStatus.currentlyAvailable);
        budget.dearest = Math.max(budget.dearest, cost.requestedQueryCost);
      }
    }
    return answer;
  };
  return budget;
}

/** R2's minimum part size: what the HTTP upload route takes whole. */
export const UPLOAD_PART_BYTES = 5 * 1024 * 1024;

/**
 * Uploads `bytes` to a room over the HTTP upload route, as the app does:
 * `start`, then chunks (`window` at a time), or — with `parts` — part 1 in
 * chunks (its signature) and every later part whole, streamed into R2
 * (`partWindow` at a time); then `finish`. Answers the finished file.
 */
export async function uploadOverHttp(url, { roomId, token, start, bytes, parts = true, window = 4, partWindow = 2 }) {
  const post = async (op, init = {}) => {
    const response = await fetch(`${url}/cdn/storage/${start.collection}/__upload`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, "X-Room-Id": roomId, "X-Upload-Op": op, ...init.headers },
      body: init.body,
    });
    if (!response.ok) throw new Error(`${op}: ${response.status} ${await response.text()}`);
    return response.json();
  };
  const { uploadId, chunkSize, chunkCount } = await post("start", { body: JSON.stringify(start) });
  const sendChunk = (id) =>
    post("chunk", {
      headers: { "X-Upload-Id": uploadId, "X-Chunk-Id": String(id) },
      body: bytes.subarray((id - 1) * chunkSize, id * chunkSize),
    });
  const sends = [];
  let width = window;
  if (!parts) {
    for (let id = 1; id <= chunkCount; id++) sends.push(() => sendChunk(id));
  } else {
    const partChunks = Math.ceil(UPLOAD_PART_BYTES / chunkSize);
    const partBytes = partChunks * chunkSize;
    for (let id = 1; id <= Math.min(partChunks, chunkCount); id++) sends.push(() => sendChunk(id));
    for (let partNo = 2; (partNo - 1) * partBytes < bytes.byteLength; partNo++) {
      const part = bytes.subarray((partNo - 1) * partBytes, partNo * partBytes);
      sends.push(() => post("part", { headers: { "X-Upload-Id": uploadId, "X-Part-No": String(partNo) }, body: part }));
    }
    width = partWindow;
  }
  let next = 0;
  const lane = async () => {
    while (next < sends.length) await sends[next++]();
  };
  await Promise.all(Array.from({ length: width }, lane));
  return post("finish", { headers: { "X-Upload-Id": uploadId } });
}
