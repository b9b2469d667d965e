// CPU profile of a bench server's Worker while a bench runs, to see where a
// figure's time goes. Start the bench with a known inspector port, then run
// this beside it:
//   STOCKROOM_INSPECTOR_PORT=9333 BENCH_PARTS=d npm run bench -- live &
//   node bench/profile-server.mjs 9333 12 /tmp/server.cpuprofile
// The .cpuprofile opens in Chrome DevTools (Performance panel).
import { writeFileSync } from "node:fs";
import { inspectWorker } from "./harness.mjs";

const [port, seconds = "10", out = "server.cpuprofile"] = process.argv.slice(2);
if (!port) {
  console.error("usage: node bench/profile-server.mjs <inspector port> [seconds] [out file]");
  process.exit(2);
}
const inspector = await inspectWorker(port);
await inspector.command("Profiler.enable");
await inspector.command("Profiler.setSamplingInterval", { interval: 200 });
await inspector.command("Profiler.start");
await new Promise((resolve) => setTimeout(resolve, Number(seconds) * 1000));
const { profile } = await inspector.command("Profiler.stop");
writeFileSync(out, JSON.stringify(profile));
inspector.close();
console.log(`profile of ${seconds} s written to ${out}`);
