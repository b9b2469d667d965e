// Shared by the npm scripts. Child tools run under `process.execPath`, which
// inside npm scripts is the Node 22 from node_modules: a tool's own shebang
// would pick the machine's older Node and fail.
import { spawn, spawnSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";

export const BIN = {
  wrangler: "node_modules/wrangler/bin/wrangler.js",
  vite: "node_modules/vite/bin/vite.js",
  vitest: "node_modules/vitest/vitest.mjs",
  tsc: "node_modules/typescript/bin/tsc",
  biome: "node_modules/@biomejs/biome/bin/biome",
};

/** Environment for wrangler: no internet here, so no Request.cf fetch or metrics. */
export function toolEnv(extra = {}) {
  return { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false", ...extra };
}

/** Runs a Node tool to completion; exits the script if it fails. */
export function runTool(bin, args, options = {}) {
  const result = spawnSync(process.execPath, [bin, ...args], { stdio: "inherit", env: toolEnv(), ...options });
  if (result.status !== 0) {
    console.error(`stockroom: ${bin} ${args.join(" ")} failed`);
    process.exit(result.status ?? 1);
  }
}

export function startTool(bin, args, options = {}) {
  return spawn(process.execPath, [bin, ...args], { stdio: "inherit", env: toolEnv(), ...options });
}

/** The Worker config that `vite build` writes for the built app. */
export const BUILT_CONFIG = "dist/stockroom/wrangler.json";

/** Builds the app and Worker, then removes the redirect file `vite build`
 *  leaves behind (it would make a plain `wrangler` command use the build). */
export function build() {
  // Whatever is built here was not made by buildIfChanged: its stamp would lie.
  rmSync("dist/.source-fingerprint", { force: true });
  runTool(BIN.vite, ["build", "--logLevel", "warn"], { env: toolEnv({ NODE_ENV: "production" }) });
  rmSync(".wrangler/deploy/config.json", { force: true });
}

/**
 * Applies D1 migrations to the local state folder. wrangler prints its table
 * of migrations again after each one applied; this prints one line instead,
 * and wrangler's whole output only if it fails.
 */
export function migrateLocal(persistTo) {
  const args = ["d1", "migrations", "apply", "stockroom", "--local", "--persist-to", persistTo, "-c", "wrangler.toml"];
  const result = spawnSync(process.execPath, [BIN.wrangler, ...args], {
    encoding: "utf8",
    env: toolEnv({ CI: "true" }),
  });
  const output = `${result.stdout ?? ""}${result.stderr ?? ""}`;
  if (result.status !== 0) {
    process.stdout.write(output);
    console.error("stockroom: applying the database migrations failed");
    process.exit(result.status ?? 1);
  }
  const applied = output.match(/About to apply (\d+) migration/);
  console.log(
    applied ? `stockroom: applied ${applied[1]} database migration(s)` : "stockroom: the local database is up to date",
  );
}

/**
 * A fingerprint of everything the built app is made from (the files git
 * knows under these paths, by name, size and time, and the lock file), and
 * of the local settings the build copies in (`.dev.vars`, `.env`: not in
 * git, by their contents): a restart that changed none of it does not build
 * again, and one that changed a setting does.
 */
export function sourceFingerprint(root = ".") {
  const paths = [
    "app",
    "worker",
    "protocol",
    "public",
    "index.html",
    "vite.config.ts",
    "wrangler.toml",
    "package-lock.json",
  ];
  const listed = spawnSync("git", ["ls-files", "-z", "--", ...paths], { encoding: "utf8", cwd: root });
  const files = listed.status === 0 ? listed.stdout.split("\0").filter(Boolean) : [];
  if (files.length === 0) return null; // not a git checkout: always build
  const hash = createHash("sha256");
  for (const file of files.sort()) {
    const path = `${root}/${file}`;
    if (!existsSync(path)) continue;
    const { size, mtimeMs } = statSync(path);
    hash.update(`${file}\0${size}\0${mtimeMs}\n`);
  }
  for (const setting of LOCAL_SETTINGS) {
    const path = `${root}/${setting}`;
    hash.update(`${setting}\0${existsSync(path) ? readFileSync(path, "utf8") : "(none)"}\n`);
  }
  return hash.digest("hex");
}

/** Local settings the build copies into the built Worker (see sourceFingerprint). */
const LOCAL_SETTINGS = [".dev.vars", ".env"];

const BUILD_STAMP = "dist/.source-fingerprint";

/** Builds unless the last build was made from the same sources; says which. */
export function buildIfChanged() {
  const fingerprint = sourceFingerprint();
  if (fingerprint && hasBuild() && existsSync(BUILD_STAMP) && readFileSync(BUILD_STAMP, "utf8") === fingerprint) {
    console.log("stockroom: nothing changed since the last build; serving it");
    return;
  }
  console.log("stockroom: building the app…");
  build();
  if (fingerprint) writeFileSync(BUILD_STAMP, fingerprint);
}

/** Resolves once `url` answers (any HTTP status), polling; rejects after `timeoutMs`, or when `gaveUp()`. */
export async function waitUntilAnswering(url, timeoutMs = 120_000, gaveUp = () => false) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (gaveUp()) throw new Error(`${url} will not answer: the server stopped`);
    try {
      await fetch(url, { signal: AbortSignal.timeout(2000) });
      return;
    } catch {
      if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

/** Whether nothing listens on `port` (on any address: wrangler listens on all of them). */
export function portIsFree(port) {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.unref();
    probe.once("error", () => resolve(false));
    probe.listen(port, () => probe.close(() => resolve(true)));
  });
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

export function hasBuild() {
  return existsSync(BUILT_CONFIG);
}

/**
 * A random key for signed file links, made once per local state folder, so
 * shared links work under `npm start` without any set-up (a deployment sets
 * FILE_LINK_SECRET as a secret instead).
 */
export function localFileLinkSecret(stateDir) {
  return localSecret(stateDir, "file-link-secret");
}

/**
 * The key that encrypts store credentials under `npm start`, kept with the
 * local state it encrypts (losing it means connecting the store again; a
 * deployment sets STORE_SECRET_KEY as a secret instead).
 */
export function localStoreSecretKey(stateDir) {
  return localSecret(stateDir, "store-secret-key");
}

/** A random value made once per local state folder and reused on every run. */
function localSecret(stateDir, name) {
  const file = `${stateDir}/${name}`;
  if (!existsSync(file)) {
    mkdirSync(stateDir, { recursive: true });
    writeFileSync(file, randomBytes(32).toString("hex"));
  }
  return readFileSync(file, "utf8").trim();
}
