/** Launches the installed Chromium through playwright-core (no browser downloads here). */
import { existsSync } from "node:fs";
import { type Browser, type BrowserServer, chromium, type LaunchOptions } from "playwright-core";

/** The headless shell first: the same engine on less CPU (scripts/browser.mjs, docs/development.md §1). */
const CANDIDATES = [
  "/usr/bin/chromium-headless-shell",
  "/usr/bin/chromium",
  "/usr/bin/chromium-browser",
  "/usr/bin/google-chrome",
];

export function chromiumPath(): string {
  const path = process.env.CHROMIUM_PATH ?? CANDIDATES.find((candidate) => existsSync(candidate));
  if (!path) throw new Error("Chromium not found: apt-get install -y chromium-headless-shell, or set CHROMIUM_PATH");
  return path;
}

/**
 * The full Chromium, for what the headless shell does differently: Playwright's
 * routes do not see a redirect the server answers with there (the OAuth test
 * fakes Google's page by routing it). Else whichever Chromium there is.
 */
function fullChromiumPath(): string {
  return (
    ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"].find(existsSync) ?? chromiumPath()
  );
}

/** `extraArgs`: more Chromium switches, e.g. a fake camera (fake-camera.ts); `full`: not the headless shell. */
function launchOptions(extraArgs: readonly string[], full = false): LaunchOptions {
  return {
    executablePath: full ? fullChromiumPath() : chromiumPath(),
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      ...extraArgs,
    ],
  };
}

export function launchBrowser(extraArgs: readonly string[] = [], options: { full?: boolean } = {}): Promise<Browser> {
  return chromium.launch(launchOptions(extraArgs, options.full));
}

/** A Chromium other processes connect to (`chromium.connect(wsEndpoint)`): the browser test files share one. */
export function launchBrowserServer(): Promise<BrowserServer> {
  return chromium.launchServer(launchOptions([]));
}
