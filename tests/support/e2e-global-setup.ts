/**
 * The browser tests' shared parts, started once per run: one server for
 * each test worker (a worker's files run one after another against it) and
 * one Chromium they all connect to. Starting a server costs seconds of CPU,
 * and 40-odd files each starting their own spent minutes of a run on it.
 * Stopped when the run ends, whatever happened in the tests.
 */
import type { BrowserServer } from "playwright-core";
import type { TestProject } from "vitest/node";
import { launchBrowserServer } from "./browser";
import { buildApp, type RunningServer, startServer } from "./server";

/** A server as the test files need it: where it is, and its state folder. */
export interface SharedServer {
  url: string;
  port: number;
  stateDir: string;
  pid: number;
}

declare module "vitest" {
  export interface ProvidedContext {
    e2eServers: SharedServer[];
    e2eBrowser: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  buildApp();
  process.env.STOCKROOM_APP_BUILT = "1";
  // One a file at a time resolves to one worker (vitest sets maxWorkers to 1 without file parallelism).
  const workers = Math.max(1, Number(project.config.maxWorkers) || 1);
  const started = await Promise.allSettled([
    launchBrowserServer(),
    ...Array.from({ length: workers }, () => startServer()),
  ]);
  const [browser, ...servers] = started.map((each) => (each.status === "fulfilled" ? each.value : null));
  const stopAll = async () => {
    // Each on its own: one that fails to stop leaves none of the others running.
    await Promise.allSettled([
      (browser as BrowserServer | null)?.close(),
      ...servers.map((server) => (server as RunningServer | null)?.stop()),
    ]);
  };
  const failure = started.find((each) => each.status === "rejected");
  if (failure) {
    await stopAll();
    throw failure.reason;
  }
  project.provide(
    "e2eServers",
    (servers as RunningServer[]).map(({ url, port, stateDir, pid }) => ({ url, port, stateDir, pid })),
  );
  project.provide("e2eBrowser", (browser as BrowserServer).wsEndpoint());
  return stopAll;
}
