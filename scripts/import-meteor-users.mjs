// `npm run import:meteor-users -- users.json [--remote]`: imports a Meteor
// users export into D1 — the local database (`.wrangler/state`, as
// `npm start` uses) by default, the deployed one with --remote.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BIN, migrateLocal, runTool } from "./lib.mjs";
import { parseExport, toImportSql } from "./meteor-users.mjs";

const args = process.argv.slice(2);
const file = args.find((arg) => !arg.startsWith("--"));
const remote = args.includes("--remote");
if (!file) {
  console.error("usage: npm run import:meteor-users -- users.json [--remote]");
  process.exit(2);
}

const { sql, imported, skipped } = toImportSql(parseExport(readFileSync(file, "utf8")));
for (const reason of skipped) console.warn(`skipped ${reason}`);
if (imported === 0) {
  console.error("nothing to import");
  process.exit(1);
}
const sqlFile = join(mkdtempSync(join(tmpdir(), "stockroom-import-")), "users.sql");
writeFileSync(sqlFile, sql);
const target = remote ? ["--remote"] : ["--local", "--persist-to", ".wrangler/state"];
if (!remote) migrateLocal(".wrangler/state");
runTool(BIN.wrangler, ["d1", "execute", "stockroom", ...target, "--file", sqlFile, "-c", "wrangler.toml", "--yes"]);
console.log(`imported ${imported} users (${skipped.length} skipped); existing accounts were left as they were`);
