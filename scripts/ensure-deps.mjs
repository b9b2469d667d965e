// Runs before `npm start`, `npm test`, `npm run dev` and `npm run bench`, with
// whatever Node the machine has (Node 22 itself arrives as a devDependency).
// Installs dependencies when they are missing or older than the lock file.
// Plain JavaScript that Node 20 runs, on purpose.
import { spawnSync } from "node:child_process";
import { existsSync, statSync } from "node:fs";

const installed = "node_modules/.package-lock.json";
const stale =
  !existsSync(installed) ||
  !existsSync("node_modules/.bin/node") ||
  (existsSync("package-lock.json") && statSync("package-lock.json").mtimeMs > statSync(installed).mtimeMs);

if (stale) {
  console.log("stockroom: installing dependencies (first run, or package-lock.json changed)…");
  // `npm ci` fails against this registry (no darwin/windows workerd builds);
  // `npm install` installs from the lock and leaves it unchanged.
  // Errors only: run by the machine's Node, npm would warn once per package that wants Node 22 (which
  // this very install brings) — a screenful of noise on every first run.
  const result = spawnSync("npm", ["install", "--no-audit", "--no-fund", "--loglevel=error"], {
    stdio: "inherit",
    shell: process.platform === "win32",
  });
  if (result.status !== 0) {
    console.error("stockroom: npm install failed");
    process.exit(result.status ?? 1);
  }
}
