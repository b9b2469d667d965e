import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";

/** Sends until the first 429 (a slow run may cross into a fresh window, so not exactly limit + 1). */
async function untilRefused(path: string, address: string, cap: number) {
  let allowed = 0;
  while (allowed < cap) {
    const response = await SELF.fetch(`https://stockroom.test${path}`, { headers: { "CF-Connecting-IP": address } });
    if (response.status === 429) return { allowed, refused: response };
    allowed++;
  }
  return { allowed, refused: null };
}

describe("edge rate limits by client address", () => {
  it.each([
    ["share pages", "/api/share/room1234/item1234/sig", 120, "60"],
    ["file routes", "/cdn/storage/itemPhotos/nope/original/nope.jpg", 600, "60"],
  ])(
    "limits %s, with Retry-After, and only for the address over the limit",
    async (_name, path, limit, retry) => {
      const { allowed, refused } = await untilRefused(path, `10.7.${limit % 256}.1`, limit * 3);
      expect(allowed).toBeGreaterThanOrEqual(limit);
      expect(refused?.status).toBe(429);
      expect(refused?.headers.get("Retry-After")).toBe(retry);
      expect(await refused?.json()).toEqual({ error: "Too many requests. Please slow down." });
      const other = await SELF.fetch(`https://stockroom.test${path}`, {
        headers: { "CF-Connecting-IP": "10.7.200.2" },
      });
      expect(other.status).not.toBe(429);
      // Hundreds of requests: a loaded machine needs more than the default 5 s.
    },
    60_000,
  );
});
