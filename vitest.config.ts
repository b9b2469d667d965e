import { fileURLToPath } from "node:url";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";

const migrationsDir = fileURLToPath(new URL("./migrations", import.meta.url));

/**
 * Five projects (`scripts/test.mjs` runs the browser project beside the others):
 * - unit:   pure modules (protocol, client live layer, merge box) in happy-dom;
 * - worker: the Worker and its Durable Objects inside workerd, with real D1/R2;
 * - interop: a third-party DDP client library against `wrangler dev` on the
 *           built app;
 * - bench:  every bench/*.bench.mjs in smoke mode, so none can rot;
 * - e2e:    Chromium (playwright-core) against the same. `scripts/test.mjs`
 *           leaves it out when no browser is installed (never in CI).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          environment: "happy-dom",
          isolate: false,
          include: ["tests/unit/**/*.test.{ts,tsx}"],
          // Generous: a slow, loaded machine must still pass (no test depends on speed).
          testTimeout: 20_000,
        },
      },
      {
        plugins: [
          cloudflareTest(async () => ({
            wrangler: { configPath: "./wrangler.toml" },
            miniflare: {
              bindings: {
                TEST_MIGRATIONS: await readD1Migrations(migrationsDir),
                // Local runs keep e-mail in the development outbox.
                STOCKROOM_DEV_OUTBOX: "1",
                // Sign-in with both providers, whose HTTP endpoints the tests fake.
                GOOGLE_CLIENT_ID: "google-client-id.test",
                GOOGLE_CLIENT_SECRET: "google-secret",
                FACEBOOK_APP_ID: "facebook-app-id",
                FACEBOOK_APP_SECRET: "facebook-secret",
                FILE_LINK_SECRET: "test-file-link-secret-0123456789abcdef",
                STORE_SECRET_KEY: "test-store-secret-key-0123456789abcdef",
                // The data-migration admin API's admin (tests verify this address first).
                ADMIN_EMAILS: "admin@stockroom.test",
              },
            },
          })),
        ],
        test: {
          name: "worker",
          include: ["tests/worker/**/*.test.ts"],
          isolate: false,
          setupFiles: ["tests/worker/setup.ts"],
          // Generous: a slow, loaded machine must still pass (no test depends on speed).
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: "interop",
          environment: "node",
          include: ["tests/interop/**/*.test.ts"],
          globalSetup: ["tests/support/global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: "bench",
          environment: "node",
          include: ["tests/bench/**/*.test.ts"],
          // Two benches at once: most of a smoke run is waiting for a server or browser to start.
          maxConcurrency: 2,
          globalSetup: ["tests/support/global-setup.ts"],
          // A bench in smoke mode starts its own server or browser: well under a minute, minutes when loaded.
          testTimeout: 300_000,
        },
      },
      {
        test: {
          name: "e2e",
          environment: "node",
          include: ["tests/e2e/**/*.test.ts"],
          globalSetup: ["tests/support/global-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          // A loaded CI machine can take seconds to show live changes; a poll gives up after this.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
