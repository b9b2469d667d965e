/**
 * Every benchmark in bench/, run end to end in smoke mode (tiny sizes, one
 * round), so a bench that rots — an API it calls changes, a page it waits
 * for is redrawn — fails the build instead of waiting to be found by the
 * next person who measures. The figures are not checked here (speed
 * belongs to `npm run bench`); that each bench finishes and prints its
 * figures beside a same-run baseline is.
 */
import { spawn } from "node:child_process";
import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";

/** Every bench, in name order. */
const benches = readdirSync("bench")
  .filter((file) => file.endsWith(".bench.mjs"))
  .sort();

function runSmoke(file: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [`bench/${file}`], {
      // The app was built by this run's setup; the benches must not build it again.
      env: { ...process.env, BENCH_SMOKE: "1", STOCKROOM_APP_BUILT: "1" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
    });
    child.stderr.on("data", (chunk) => {
      output += chunk;
    });
    child.on("close", (code) => resolve({ code, output }));
  });
}

/**
 * The smoke runs of one share of the benches (every `of`th, from `share`):
 * the benches are split over files so the test run's two workers share
 * them, instead of one worker running them all while the other finishes
 * everything else (docs/development.md §1).
 */
export function smokeRunsOf(share: number, of: number): void {
  describe(`benchmarks in smoke mode (${share + 1} of ${of})`, () => {
    it("finds the benches", () => {
      expect(benches.length).toBeGreaterThan(10);
    });

    // Two at a time (the project's maxConcurrency): each mostly waits for its own server and browser to start.
    for (const file of benches.filter((_, index) => index % of === share)) {
      it.concurrent(`${file} runs and prints its figures beside a baseline`, async ({ expect }) => {
        const { code, output } = await runSmoke(file);
        expect(code, output).toBe(0);
        // Each figure line is "<name> <figure> baseline <figure> ratio <r>×".
        expect(output).toMatch(/baseline .+ ratio [\d.e+-]+×/);
      });
    }
  });
}
