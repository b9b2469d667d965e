import { fileURLToPath } from "node:url";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";

const migrationsDir = fileURLToPath(new URL("./migrations", import.meta.url));

/**
 * Five projects, run by one `vitest run` (`scripts/test.mjs`):
 * - unit:   pure modules (protocol, client live layer, merge box) in happy-dom;
 * - worker: the Worker and its Durable Objects inside workerd, with real D1/R2;
 * - interop: a third-party DDP client library against `wrangler dev` on the
 *           built app;
 * - bench:  every bench/*.bench.mjs in smoke mode, so none can rot;
 * - e2e:    Chromium (playwright-core) against the same. `scripts/test.mjs`
 *           leaves it out when no browser is installed (never in CI).
 *
 * Order (`sequence.groupOrder`): groups run one after another, the files of
 * one group two at a time. 1: unit, worker, interop and bench (the benches
 * in smoke mode measure nothing that a busy machine could fail); 2: e2e
 * alone, two files at a time, each worker with its own server and all with
 * one Chromium (tests/support/e2e-global-setup.ts). So the browser tests never
 * run beside the other projects: on two cores that was slower and flaky, and
 * a whole run is bound by CPU (docs/development.md §1). The numbers start
 * at 1 on purpose: vitest 5 moves the files of an isolated project left at
 * the default 0 to a group of their own after all the others whenever it has
 * one worker (as on two cores), which would put interop after the browser
 * tests. Projects in one group must share `maxWorkers`: group 1's all say 2,
 * so two of its files run at once — with the default (one worker on two
 * cores) its projects ran one after another, the smoke benches' waits for
 * servers and browsers leaving a core idle (282 s, now about 165 s).
 *
 * Waits: `expect.poll` gives up after 1 s by default, too soon for a loaded
 * machine, so every project that polls sets a generous default (a poll ends
 * as soon as its outcome is there: this costs nothing when things are quick).
 * `vi.waitFor` has no config default: each call passes its own timeout.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          // Group 1: two files at a time (each of its projects says the same, see above).
          maxWorkers: 2,
          environment: "happy-dom",
          isolate: false,
          include: ["tests/unit/**/*.test.{ts,tsx}"],
          // Generous: a slow, loaded machine must still pass (no test depends on speed).
          testTimeout: 20_000,
          expect: { poll: { timeout: 15_000 } },
          sequence: { groupOrder: 1 },
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
          // Group 1: two files at a time (each of its projects says the same, see above).
          maxWorkers: 2,
          include: ["tests/worker/**/*.test.ts"],
          isolate: false,
          setupFiles: ["tests/worker/setup.ts"],
          // Generous: a slow, loaded machine must still pass (no test depends on speed).
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // E.g. a 5 MiB part reaching R2, or a mail reaching the outbox after the answer.
          expect: { poll: { timeout: 15_000 } },
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          name: "interop",
          // Group 1: two files at a time (each of its projects says the same, see above).
          maxWorkers: 2,
          environment: "node",
          include: ["tests/interop/**/*.test.ts"],
          globalSetup: ["tests/support/global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          expect: { poll: { timeout: 15_000 } },
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          name: "bench",
          // Group 1: two files at a time (each of its projects says the same, see above).
          maxWorkers: 2,
          environment: "node",
          include: ["tests/bench/**/*.test.ts"],
          // Two benches at once: most of a smoke run is waiting for a server or browser to start.
          maxConcurrency: 2,
          globalSetup: ["tests/support/global-setup.ts"],
          // A bench in smoke mode starts its own server or browser: well under a minute, minutes when loaded.
          testTimeout: 300_000,
          // Beside the light projects, never beside the browser tests (see above).
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          name: "e2e",
          environment: "node",
          include: ["tests/e2e/**/*.test.ts"],
          globalSetup: ["tests/support/e2e-global-setup.ts"],
          // A person's whole flow (sign up, a room's first wake, a second browser) on a loaded machine:
          // createRoom alone may wait 90 s for the room, so a test gets more than that.
          testTimeout: 150_000,
          hookTimeout: 120_000,
          // Two files at a time, each worker with its own server (tests/support/e2e-global-setup.ts):
          // about 600 s one at a time, about 370 s two at a time (docs/development.md §1).
          maxWorkers: 2,
          // A loaded CI machine can take seconds to show live changes; a poll gives up after this.
          expect: { poll: { timeout: 10_000 } },
          // Last, alone: never beside the bench smoke runs or anything else (see above).
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
