/**
 * Puts a fake Shopify store (tests/support/fake-shopify.ts) at the HTTP
 * boundary of the Worker under test: its shop's requests are answered by
 * the fake; other `*.myshopify.com` shops (earlier tests', which the
 * scheduled job may still visit) get 404; anything else goes out as usual.
 */
import { vi } from "vitest";
import type { FakeShopify } from "../support/fake-shopify";

export function installFakeStore<T extends FakeShopify>(fake: T): T {
  const realFetch = globalThis.fetch;
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    const answer = await fake.handle(request);
    if (answer) return answer;
    if (new URL(request.url).hostname.endsWith(".myshopify.com")) return new Response("Not Found", { status: 404 });
    return realFetch(input, init);
  });
  return fake;
}
