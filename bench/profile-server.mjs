// CPU profile of a bench server's Worker while a bench runs, to see where a
// figure's time goes. Start the bench with a known inspector port, then run
// this beside it:
//   STOCKROOM_INSPECTOR_PORT=9333 BENCH_PARTS=d npm run bench -- live &
//   node bench/profile-server.mjs 9333 12 /tmp/server.cpuprofile
// The .cpuprofile opens in Chrome DevTools (Performance panel).
import { writeFileSync } from "node:fs";
import WebSocket from "ws";

const [port, seconds = "10", out = "server.cpuprofile"] = process.argv.slice(2);
if (!port) {
  console.error("usage: node bench/profile-server.mjs <inspector port> [seconds] [out file]");
  process.exit(2);
}
const targets = await (await fetch(`http://127.0.0.1:${port}/json`)).json();
const inspector = new WebSocket(targets[0].webSocketDebuggerUrl);
await new Promise((resolve, reject) => {
  inspector.once("open", resolve);
  inspector.once("error", reject);
});
let ids = 0;
const waiting = new Map();
inspector.on("message", (data) => {
  const message = JSON.parse(data.toString());
  waiting.get(message.id)?.(message);
  waiting.delete(message.id);
});
const command = (method, params = {}) =>
  new Promise((resolve) => {
    const id = ++ids;
    waiting.set(id, resolve);
    inspector.send(JSON.stringify({ id, method, params }));
  });
await command("Profiler.enable");
await command("Profiler.setSamplingInterval", { interval: 200 });
await command("Profiler.start");
await new Promise((resolve) => setTimeout(resolve, Number(seconds) * 1000));
const { result } = await command("Profiler.stop");
writeFileSync(out, JSON.stringify(result.profile));
inspector.close();
console.log(`profile of ${seconds} s written to ${out}`);
