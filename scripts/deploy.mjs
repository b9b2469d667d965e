// `npm run deploy`: build, apply D1 migrations to the remote database, and
// deploy the Worker with its static assets. Needs `wrangler login` (or
// CLOUDFLARE_API_TOKEN) and the D1 database id in wrangler.toml (README).
import { readFileSync } from "node:fs";
import { BIN, BUILT_CONFIG, build, runTool } from "./lib.mjs";

if (readFileSync("wrangler.toml", "utf8").includes('database_id = "00000000-0000-0000-0000-000000000000"')) {
  console.error("stockroom: set database_id in wrangler.toml first (npx wrangler d1 create stockroom prints it).");
  process.exit(1);
}
build();
runTool(BIN.wrangler, ["d1", "migrations", "apply", "stockroom", "--remote", "-c", "wrangler.toml"]);
runTool(BIN.wrangler, ["deploy", "-c", BUILT_CONFIG]);
