/**
 * Bundles @meteorrn/core (Meteor's client for React Native) for Node, for
 * the interop test: esbuild puts the library, its own dependencies and the
 * real `react` into one CommonJS file in a temp folder, with small stubs for
 * the React Native modules it needs (tests/support/meteorrn-stubs). The
 * library opens its socket with the global `WebSocket`, which the test sets
 * to `ws`. Node loads the file itself (not vitest's module runner), as an
 * app's bundler would hand it to its runtime.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build, type Plugin } from "esbuild";

const STUBS = new URL("./meteorrn-stubs/", import.meta.url).pathname;
const PROJECT = new URL("../../", import.meta.url).pathname;

/** React Native's packages, each answered by its stub (the renderer shim path included). */
const stubs: Plugin = {
  name: "meteorrn-stubs",
  setup(builder) {
    builder.onResolve({ filter: /^react-native(\/.*)?$/ }, () => ({ path: join(STUBS, "react-native.ts") }));
    builder.onResolve({ filter: /^@react-native-async-storage\/async-storage$/ }, () => ({
      path: join(STUBS, "async-storage.ts"),
    }));
    builder.onResolve({ filter: /^@react-native-community\/netinfo$/ }, () => ({ path: join(STUBS, "netinfo.ts") }));
  },
};

/** A Meteor error as the library hands it to callbacks: the DDP `error` object of a `result` frame. */
export interface MeteorError {
  error: number | string;
  reason?: string;
  message?: string;
}
export type Callback = (error: MeteorError | undefined | null, result?: unknown) => void;

export interface Frame {
  msg: string;
  [field: string]: unknown;
}

/** The library's DDP object (lib/ddp.js): its status, and its socket wrapper's frame events. */
export interface MeteorDdp {
  status: string;
  /** Closes the socket and stops reconnecting. */
  disconnect(): void;
  on(event: string, listener: (message: Frame) => void): void;
  socket: { on(event: "message:in" | "message:out", listener: (frame: Frame) => void): void };
}

export interface Doc {
  _id: string;
  [field: string]: unknown;
}

export interface MeteorCollection {
  find(selector?: object): { fetch(): Doc[] };
  findOne(selector: string | object): Doc | undefined;
  insert(doc: object, callback?: Callback): string;
  update(id: string, modifier: object, options?: object, callback?: Callback): void;
  remove(id: string, callback?: Callback): void;
}

/** The part of `Meteor` (src/Meteor.js with src/user/User.js mixed in) the test uses. */
export interface MeteorClient {
  connect(endpoint: string, options?: Record<string, unknown>): void;
  disconnect(): void;
  ddp: MeteorDdp;
  status(): { connected: boolean; status: string };
  call(name: string, ...paramsAndCallback: unknown[]): void;
  subscribe(name: string, ...params: unknown[]): { ready(): boolean; stop(): void };
  loginWithPassword(selector: string | object, password: string, callback?: Callback): void;
  logout(callback?: Callback): void;
  user(): Doc | null | undefined;
  userId(): string | null | undefined;
  getAuthToken(): string | null;
}

export interface MeteorRN {
  Meteor: MeteorClient;
  Accounts: { createUser(options: { email: string; password: string }, callback?: Callback): void };
  Mongo: { Collection: new (name: string) => MeteorCollection };
  /** The stub AsyncStorage the library keeps its login token in. */
  AsyncStorage: { getItem(key: string): Promise<string | null> };
}

export interface MeteorRNBundle {
  load(): MeteorRN;
  /** Deletes the temp folder. */
  remove(): void;
}

export async function bundleMeteorRN(): Promise<MeteorRNBundle> {
  const dir = mkdtempSync(join(tmpdir(), "stockroom-meteorrn-"));
  const outfile = join(dir, "meteorrn.cjs");
  await build({
    stdin: {
      contents: [
        'export { default as Meteor, Accounts, Mongo } from "@meteorrn/core";',
        'export { default as AsyncStorage } from "@react-native-async-storage/async-storage";',
      ].join("\n"),
      resolveDir: PROJECT,
      loader: "js",
    },
    bundle: true,
    format: "cjs",
    platform: "node",
    target: "node22",
    outfile,
    plugins: [stubs],
    // The bindings probe `require.resolve("react-native")` before requiring it; in this bundle React
    // Native is the stub, so the probe must succeed rather than ask Node about a package not installed.
    define: { "require.resolve": "String" },
    logLevel: "error",
  });
  return {
    load: () => {
      // src/Data.js replaces Node's `process.nextTick` with `setImmediate` (a React Native habit); put
      // Node's own back, so ws and vitest keep their ordering.
      const nextTick = process.nextTick;
      try {
        return createRequire(import.meta.url)(outfile) as MeteorRN;
      } finally {
        process.nextTick = nextTick;
      }
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
