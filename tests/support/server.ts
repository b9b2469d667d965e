/**
 * Starts the built app under `wrangler dev` on a free port with its own
 * local state (D1 migrated), for interop and browser tests and benchmarks.
 * Only processes started here are stopped here.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

const WRANGLER = "node_modules/wrangler/bin/wrangler.js";
const VITE = "node_modules/vite/bin/vite.js";
export const BUILT_CONFIG = "dist/stockroom/wrangler.json";

const env = () => ({
  ...process.env,
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
  WRANGLER_SEND_METRICS: "false",
  CI: "true",
});

export function buildApp(): void {
  // Built already in this run (the test setup builds once; benches in smoke mode run after it).
  if (process.env.STOCKROOM_APP_BUILT === "1") return;
  // NODE_ENV must be production: vitest sets it to "test", which would give
  // React's development build.
  const result = spawnSync(process.execPath, [VITE, "build", "--logLevel", "error"], {
    stdio: "inherit",
    env: { ...env(), NODE_ENV: "production" },
  });
  if (result.status !== 0) throw new Error("vite build failed");
  // The redirect file vite leaves, and `npm start`'s stamp of what it last built (this build is not that).
  spawnSync("rm", ["-f", ".wrangler/deploy/config.json", "dist/.source-fingerprint"]);
}

/** Whether nothing listens on `port` (on 127.0.0.1) at this moment. */
function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
}

/** The first port of the ephemeral range (Linux's default; macOS's starts higher still). */
const EPHEMERAL_FROM = 32768;
const LOWEST = 20000;

/**
 * A port nothing listens on, for a server about to start. Below the
 * ephemeral range: a port the system picks (listening on 0) comes from that
 * range, and may be handed to an outgoing connection (a browser's, a
 * test's) before the server binds it.
 */
export async function freePort(): Promise<number> {
  for (let tries = 0; tries < 50; tries++) {
    const port = LOWEST + Math.floor(Math.random() * (EPHEMERAL_FROM - LOWEST));
    if (await canListen(port)) return port;
  }
  throw new Error("no free port below the ephemeral range");
}

/** State folders made in this process: removed when it exits (a test may restart a server on its folder). */
const madeStateDirs = new Set<string>();
process.once("exit", () => {
  for (const dir of madeStateDirs) rmSync(dir, { recursive: true, force: true });
});

/**
 * A state folder with the D1 migrations applied, made once per set of
 * migrations and config and kept in the temp folder: wrangler applies 21
 * migrations one by one in ~15 s of CPU, and every server a test or bench
 * starts needs a migrated database — copying one takes milliseconds.
 */
function migratedTemplate(config: string): string {
  const hash = createHash("sha256").update(readFileSync(config));
  for (const file of readdirSync("migrations")
    .filter((name) => name.endsWith(".sql"))
    .sort()) {
    hash.update(file).update(readFileSync(join("migrations", file)));
  }
  const template = join(tmpdir(), `stockroom-migrated-${hash.digest("hex").slice(0, 16)}`);
  if (existsSync(join(template, ".ready"))) return template;
  const building = mkdtempSync(join(tmpdir(), "stockroom-migrating-"));
  const result = spawnSync(
    process.execPath,
    [WRANGLER, "d1", "migrations", "apply", "stockroom", "--local", "--persist-to", building, "-c", config],
    { stdio: "pipe", env: env() },
  );
  if (result.status !== 0) throw new Error(`migrations failed: ${result.stderr}`);
  writeFileSync(join(building, ".ready"), "");
  try {
    renameSync(building, template);
  } catch {
    // Another process made it first: theirs is the same.
    rmSync(building, { recursive: true, force: true });
  }
  return template;
}

/** A fresh local state folder with the D1 migrations applied (a copy of the migrated template). */
export function newStateDir(config = "wrangler.toml"): string {
  const dir = mkdtempSync(join(tmpdir(), "stockroom-state-"));
  madeStateDirs.add(dir);
  cpSync(migratedTemplate(config), dir, { recursive: true });
  return dir;
}

export interface RunningServer {
  url: string;
  port: number;
  stateDir: string;
  /** wrangler's process id; its process group includes workerd. */
  pid: number;
  stop(): Promise<void>;
}

export interface ServerOptions {
  /** Reuse a port and state folder to restart a stopped server. */
  port?: number;
  stateDir?: string;
  /** Worker config to run; defaults to the built app. */
  config?: string;
  /** Config whose D1 migrations a new state folder gets. */
  migrationsConfig?: string;
  /** Extra Worker variables (`--var NAME:value`), e.g. OAuth client ids. */
  vars?: Record<string, string>;
  /** The Worker's inspector port (CPU profiles, heap figures); by default STOCKROOM_INSPECTOR_PORT, else any. */
  inspectorPort?: number;
}

/** wrangler ended before it served anything (its reason is in its output). */
class WranglerExited extends Error {}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new WranglerExited(`wrangler dev exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server at ${url} did not become ready`);
}

/** Times a server on a port of our choosing is started again on another when the first is taken meanwhile. */
const PORT_TRIES = 3;

/**
 * Starts `wrangler dev` on the built app (or another config). On a port it
 * chose itself, a start that fails (another process took the port between
 * the check and wrangler's bind) goes again on another port.
 */
export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const stateDir = options.stateDir ?? newStateDir(options.migrationsConfig);
  for (let attempt = 1; ; attempt++) {
    const port = options.port ?? (await freePort());
    try {
      return await startOnPort(options, port, stateDir);
    } catch (error) {
      if (options.port !== undefined || attempt >= PORT_TRIES || !(error instanceof WranglerExited)) throw error;
      console.warn(`wrangler dev could not start on port ${port}; trying another`);
    }
  }
}

async function startOnPort(options: ServerOptions, port: number, stateDir: string): Promise<RunningServer> {
  const child = spawn(
    process.execPath,
    [
      WRANGLER,
      "dev",
      "-c",
      options.config ?? BUILT_CONFIG,
      "--port",
      String(port),
      "--ip",
      "127.0.0.1",
      "--inspector-port",
      String(options.inspectorPort ?? process.env.STOCKROOM_INSPECTOR_PORT ?? 0),
      "--persist-to",
      stateDir,
      "--show-interactive-dev-session=false",
      "--log-level",
      "error",
      "--var",
      "STOCKROOM_DEV_OUTBOX:1",
      // As `npm start` does: a local key for signed file and share links.
      "--var",
      "FILE_LINK_SECRET:test-link-secret-0123456789abcdef",
      "--var",
      "STORE_SECRET_KEY:test-store-secret-key-0123456789abcdef",
      ...Object.entries(options.vars ?? {}).flatMap(([name, value]) => ["--var", `${name}:${value}`]),
    ],
    // Own process group, so stopping it also stops the workerd it started.
    { stdio: ["ignore", "inherit", "inherit"], env: env(), detached: true },
  );
  const url = `http://127.0.0.1:${port}`;
  await waitForHealth(url, child, 60_000);
  return {
    url,
    port,
    stateDir,
    pid: child.pid as number,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.pid === undefined) return resolve();
        const timer = setTimeout(() => process.kill(-(child.pid as number), "SIGKILL"), 5000);
        child.once("exit", () => {
          clearTimeout(timer);
          resolve();
        });
        process.kill(-child.pid, "SIGTERM");
      }),
  };
}
