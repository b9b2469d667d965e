// Where the browser tests find Chromium. Browser downloads by test tools do
// not work on these machines, so we use an installed Chromium.
import { existsSync } from "node:fs";
import { delimiter, join } from "node:path";

/**
 * Chromium's headless shell first (Debian's chromium-headless-shell): the
 * same engine without the browser's windowing, it ran the browser tests on
 * about a quarter less CPU than the full browser in headless mode
 * (docs/development.md §1).
 */
const CANDIDATES = [
  "/usr/bin/chromium-headless-shell",
  "/usr/bin/chromium",
  "/usr/bin/chromium-browser",
  "/usr/bin/google-chrome",
  "/usr/bin/google-chrome-stable",
];

export function findChromium() {
  const configured = process.env.CHROMIUM_PATH;
  if (configured) return existsSync(configured) ? configured : null;
  return CANDIDATES.find((path) => existsSync(path)) ?? null;
}

/**
 * The label tests print to PDF, render it at 300 dpi with poppler's
 * `pdftoppm` and read every code with ZBar's `zbarimg` (Debian packages
 * poppler-utils and zbar-tools): an independent decoder on real print output.
 * @returns the commands not found on PATH.
 */
export function missingPrintTools() {
  const dirs = (process.env.PATH ?? "").split(delimiter).filter(Boolean);
  return ["pdftoppm", "zbarimg"].filter((tool) => !dirs.some((dir) => existsSync(join(dir, tool))));
}
