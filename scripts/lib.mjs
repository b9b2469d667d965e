// Shared by the npm scripts. Child tools run under `process.execPath`, which
// inside npm scripts is the Node 22 from node_modules: a tool's own shebang
// would pick the machine's older Node and fail.
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
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
  runTool(BIN.vite, ["build", "--logLevel", "warn"], { env: toolEnv({ NODE_ENV: "production" }) });
  rmSync(".wrangler/deploy/config.json", { force: true });
}

/** Applies D1 migrations to the local state folder. */
export function migrateLocal(persistTo) {
  runTool(
    BIN.wrangler,
    ["d1", "migrations", "apply", "stockroom", "--local", "--persist-to", persistTo, "-c", "wrangler.toml"],
    {
      env: toolEnv({ CI: "true" }),
    },
  );
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
