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

/** `extraArgs`: more Chromium switches, e.g. a fake camera (fake-camera.ts). */
function launchOptions(extraArgs: readonly string[]): LaunchOptions {
  return {
    executablePath: chromiumPath(),
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

export function launchBrowser(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch(launchOptions(extraArgs));
}

/** A Chromium other processes connect to (`chromium.connect(wsEndpoint)`): the browser test files share one. */
export function launchBrowserServer(): Promise<BrowserServer> {
  return chromium.launchServer(launchOptions([]));
}
