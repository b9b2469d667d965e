// `npm run bench`: runs every bench/*.bench.mjs (not part of `npm test`).
// Each prints its figures beside a baseline measured in the same run.
// `npm run bench -- <name>` runs the benches whose file name contains it.
// A run of every bench, not in smoke mode, also writes docs/performance.md
// from what the benches recorded (scripts/performance-doc.mjs).
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performanceDoc } from "./performance-doc.mjs";

const only = process.argv[2];
const smoke = process.env.BENCH_SMOKE === "1";
const files = readdirSync("bench")
  .filter((f) => f.endsWith(".bench.mjs") && (!only || f.includes(only)))
  .sort();
const results = mkdtempSync(join(tmpdir(), "stockroom-bench-"));
const started = new Date();
const benches = [];
for (const file of files) {
  console.log(`\n=== ${file} ===`);
  const resultsFile = join(results, `${file}.jsonl`);
  const begun = performance.now();
  const result = spawnSync(process.execPath, [`bench/${file}`], {
    stdio: "inherit",
    env: { ...process.env, BENCH_RESULTS: resultsFile },
  });
  const entries = existsSync(resultsFile)
    ? readFileSync(resultsFile, "utf8")
        .split("\n")
        .filter(Boolean)
        .map((line) => JSON.parse(line))
    : [];
  benches.push({
    name: file.replace(".bench.mjs", ""),
    file,
    status: result.status ?? 1,
    seconds: (performance.now() - begun) / 1000,
    entries,
  });
}
rmSync(results, { recursive: true, force: true });

if (!only && !smoke) {
  const settings = Object.fromEntries(Object.entries(process.env).filter(([key]) => key.startsWith("BENCH_")));
  const seconds = (Date.now() - started.getTime()) / 1000;
  writeFileSync(
    "docs/performance.md",
    performanceDoc({ started, seconds, command: "npm run bench", settings, benches }),
  );
  console.log("\nwrote docs/performance.md");
} else {
  console.log("\ndocs/performance.md left as it is (written only by a full run of every bench)");
}
process.exit(benches.some((bench) => bench.status !== 0) ? 1 : 0);
