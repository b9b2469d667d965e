// `npm run db:generate`: writes migrations for schema changes with drizzle-kit (D1's, then the rooms' own).
// Only schema changes need drizzle-kit (12 MB with its esbuild loader), so it is not in
// package.json: installed here on first use, at the version the migrations were made with
// (it stays until the next full `npm install`).
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const DRIZZLE_KIT = "drizzle-kit@0.31.11";
const shell = process.platform === "win32";

if (!existsSync("node_modules/drizzle-kit/package.json")) {
  console.log(`stockroom: installing ${DRIZZLE_KIT} (first schema change on this checkout)…`);
  const installed = spawnSync(
    "npm",
    ["install", "--no-save", "--no-audit", "--no-fund", "--loglevel=error", DRIZZLE_KIT],
    { stdio: "inherit", shell },
  );
  if (installed.status !== 0) process.exit(installed.status ?? 1);
}
// D1 (the directory) and the rooms' own SQLite each have their config; `-- --config x` runs just one.
const args = process.argv.slice(2);
const configs = args.includes("--config")
  ? [[]]
  : [
      ["--config", "drizzle.config.ts"],
      ["--config", "drizzle.room.config.ts"],
    ];
for (const config of configs) {
  const generated = spawnSync("npx", ["drizzle-kit", "generate", ...config, ...args], { stdio: "inherit", shell });
  if (generated.status !== 0) process.exit(generated.status ?? 1);
}
