// `npm test`: type-check, lint, build the app once, then one `vitest run`
// over the unit, workerd, interop, bench (every benchmark in smoke mode) and
// browser projects, in two groups one after another (`sequence.groupOrder`
// in vitest.config.ts): unit, workerd, interop and the benches, two files at a time; then
// the browser tests alone, one file at a time against a shared server. Running
// the browser tests beside the rest was tried: on two cores it made everything
// slower and the browser tests flaky. Ends with a plain `N passed, N failed` line.
//
// Without Chromium the browser tests and the benches are left out, with a
// loud notice; under CI (or STOCKROOM_REQUIRE_BROWSER=1) a missing browser
// is a failure.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { findChromium, missingPrintTools } from "./browser.mjs";
import { BIN, build, runTool, toolEnv } from "./lib.mjs";

const requireBrowser = Boolean(process.env.CI) || process.env.STOCKROOM_REQUIRE_BROWSER === "1";
const extraArgs = process.argv.slice(2);
const started = Date.now();

console.log("stockroom: type-checking…");
runTool(BIN.tsc, ["-b"]);
console.log("stockroom: linting and format check…");
runTool(BIN.biome, ["check", "."]);
// The Worker's types come from `wrangler types` (worker-configuration.d.ts), not a types package:
// they must match wrangler.toml and the runtime wrangler brings.
console.log("stockroom: checking the generated Worker types…");
runTool(BIN.wrangler, ["types", "--check"]);

const chromium = findChromium();
// The browser tests need Chromium, and the label tests also read printed
// PDFs with poppler and ZBar (scripts/browser.mjs).
const missing = [...(chromium ? [] : ["chromium"]), ...missingPrintTools()];
const packages = missing.map(
  (tool) => ({ chromium: "chromium-headless-shell", pdftoppm: "poppler-utils", zbarimg: "zbar-tools" })[tool] ?? tool,
);
const withBrowser = missing.length === 0;
if (!withBrowser && requireBrowser) {
  console.error(
    `\nstockroom: the browser tests need ${missing.join(", ")}, not found. Install: apt-get install -y ${packages.join(" ")}\n`,
  );
  console.log("0 passed, 1 failed");
  process.exit(1);
} else if (!withBrowser) {
  const line = "!".repeat(78);
  console.warn(`\n${line}\n!! ${missing.join(", ")} not found: SKIPPING THE BROWSER TESTS AND BENCHES.`);
  console.warn(`!! Install with \`apt-get install -y ${packages.join(" ")}\` (or set CHROMIUM_PATH) to run them.`);
  console.warn(`${line}\n`);
}

// One build for every project that serves the built app (interop, bench, e2e);
// their setups and the benches then skip theirs (STOCKROOM_APP_BUILT).
console.log("stockroom: building the app once for the tests…");
build();

mkdirSync("node_modules/.cache", { recursive: true });
const env = toolEnv({ STOCKROOM_APP_BUILT: "1", ...(chromium ? { CHROMIUM_PATH: chromium } : {}) });

const projects = ["unit", "worker", "interop", ...(withBrowser ? ["bench", "e2e"] : [])];
const report = "node_modules/.cache/vitest-report.json";
rmSync(report, { force: true });
const args = [
  "run",
  ...projects.flatMap((p) => ["--project", p]),
  "--reporter=default",
  "--reporter=json",
  `--outputFile.json=${report}`,
  ...extraArgs,
];
const result = spawnSync(process.execPath, [BIN.vitest, ...args], { stdio: "inherit", env });

let passed = 0;
let failed = result.status === 0 ? 0 : 1;
if (existsSync(report)) {
  const summary = JSON.parse(readFileSync(report, "utf8"));
  passed = summary.numPassedTests ?? 0;
  failed = (summary.numFailedTests ?? 0) + (result.status !== 0 && summary.numFailedTests === 0 ? 1 : 0);
}
console.log(`stockroom: tests took ${Math.round((Date.now() - started) / 1000)} s`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(result.status ?? 1);
