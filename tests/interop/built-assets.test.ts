/**
 * What the built app serves as public files: the app itself, and no source
 * maps (they would publish our source). Checked against the real server
 * (wrangler dev on the build a deployment uploads).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningServer, startServer } from "../support/server";

let server: RunningServer;

beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});

describe("the built app's public files", () => {
  it("serves its scripts without source maps, and no map at the usual address", async () => {
    const page = await (await fetch(server.url)).text();
    const scripts = [...page.matchAll(/<script[^>]+src="([^"]+\.js)"/g)].map((match) => match[1] as string);
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) {
      const response = await fetch(new URL(script, server.url));
      expect(response.status).toBe(200);
      expect(await response.text()).not.toContain("sourceMappingURL");
      // A missing file falls back to the app's page: whatever comes back, it is not a source map.
      const map = await fetch(new URL(`${script}.map`, server.url));
      expect(await map.text()).not.toContain('"mappings"');
    }
  });
});
