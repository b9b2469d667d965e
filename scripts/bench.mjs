// `npm run bench`: runs every bench/*.bench.mjs (not part of `npm test`).
// Each prints its figures beside a baseline measured in the same run.
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";

const only = process.argv[2];
const files = readdirSync("bench").filter((f) => f.endsWith(".bench.mjs") && (!only || f.includes(only)));
let failed = false;
for (const file of files) {
  console.log(`\n=== ${file} ===`);
  const result = spawnSync(process.execPath, [`bench/${file}`], { stdio: "inherit" });
  failed ||= result.status !== 0;
}
process.exit(failed ? 1 : 0);
