/** Per-file fixture for browser tests: a fresh server and one Chromium. */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { launchBrowser } from "./browser";
import { type RunningServer, type ServerOptions, startServer } from "./server";

export interface E2EContext {
  server: RunningServer;
  browser: Browser;
}

/** Starts both before the file's tests and stops them after; `server` may be replaced (restarts). */
export function setUpServerAndBrowser(options: ServerOptions = {}): E2EContext {
  const context = {} as E2EContext;
  beforeAll(async () => {
    [context.server, context.browser] = await Promise.all([startServer(options), launchBrowser()]);
  });
  afterAll(async () => {
    await context.browser?.close();
    await context.server?.stop();
  });
  return context;
}
