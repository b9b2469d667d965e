// `npm run db:generate`: writes a migration for schema changes with drizzle-kit.
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
const generated = spawnSync("npx", ["drizzle-kit", "generate", ...process.argv.slice(2)], { stdio: "inherit", shell });
process.exit(generated.status ?? 1);
