/** Launches the installed Chromium through playwright-core (no browser downloads here). */
import { existsSync } from "node:fs";
import { type Browser, chromium } from "playwright-core";

const CANDIDATES = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"];

export function chromiumPath(): string {
  const path = process.env.CHROMIUM_PATH ?? CANDIDATES.find((candidate) => existsSync(candidate));
  if (!path) throw new Error("Chromium not found: apt-get install -y chromium, or set CHROMIUM_PATH");
  return path;
}

/** `extraArgs`: more Chromium switches, e.g. a fake camera (fake-camera.ts). */
export function launchBrowser(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({
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
  });
}
