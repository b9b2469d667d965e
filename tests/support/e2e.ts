/**
 * The server and Chromium a browser test file runs against. Starting them
 * costs seconds of CPU each, so the files of one test worker share one
 * server, and all share one Chromium (tests/support/e2e-global-setup.ts):
 * each file signs up its own people, with its own addresses, so no file
 * sees another's data as its own. A file that needs a server of its own —
 * other settings, or one it stops and starts again — asks for it. A file's
 * browser contexts close when it ends, so no page of one file keeps talking
 * to the server while the next runs.
 */
import { type Browser, chromium } from "playwright-core";
import { afterAll, beforeAll, inject } from "vitest";
import { launchBrowser } from "./browser";
import { type RunningServer, type ServerOptions, startServer } from "./server";

export interface E2EContext {
  server: RunningServer;
  browser: Browser;
}

export interface E2EOptions extends ServerOptions {
  /** A server for this file alone (e.g. one it stops and restarts), even with no other setting. */
  own?: boolean;
  /** A full Chromium of its own, not the shared headless shell (tests/support/browser.ts says when). */
  fullBrowser?: boolean;
}

/** This worker's shared server: the run's servers are one per worker (VITEST_POOL_ID counts from 1). */
function sharedServer(): RunningServer {
  const servers = inject("e2eServers");
  const worker = Number(process.env.VITEST_POOL_ID ?? 1);
  const server = servers[(worker - 1) % servers.length];
  if (!server) throw new Error("no shared server: tests/support/e2e-global-setup.ts did not run");
  return {
    ...server,
    stop: () => Promise.reject(new Error("The shared server is the run's: ask for { own: true } to stop one")),
  };
}

/** Gets both before the file's tests and lets them go after; `server` may be replaced (restarts) on an own server. */
export function setUpServerAndBrowser(options: E2EOptions = {}): E2EContext {
  const { own = false, fullBrowser = false, ...serverOptions } = options;
  const alone = own || fullBrowser || Object.keys(serverOptions).length > 0;
  const context = {} as E2EContext;
  beforeAll(async () => {
    if (alone) {
      // Each kept as it starts, so `afterAll` stops what did start when the other failed.
      const [server, browser] = await Promise.allSettled([
        startServer(serverOptions),
        launchBrowser([], { full: fullBrowser }),
      ]);
      if (server.status === "fulfilled") context.server = server.value;
      if (browser.status === "fulfilled") context.browser = browser.value;
      if (server.status === "rejected") throw server.reason;
      if (browser.status === "rejected") throw browser.reason;
    } else [context.server, context.browser] = [sharedServer(), await chromium.connect(inject("e2eBrowser"))];
  });
  afterAll(async () => {
    // A connected browser closes only what this file opened in it.
    await context.browser?.close();
    if (alone) await context.server?.stop();
  });
  return context;
}
