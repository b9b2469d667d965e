/**
 * `npm run stand-in-store` (scripts/stand-in-store.mjs): the stand-in
 * Shopify store a newcomer runs by hand to try the Store tab. It says where
 * it listens and what to type, and answers as a shop does: a token for the
 * client ID and secret it printed, and its seeded products.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { afterAll, describe, expect, it } from "vitest";
import { API_PATH, TOKEN_PATH } from "../support/fake-shopify";
import { freePort } from "../support/server";

let store: ChildProcess | null = null;
afterAll(() => {
  store?.kill("SIGTERM");
});

describe("the stand-in store", () => {
  it("starts on the port asked for, prints how to connect, and answers like a shop", async () => {
    const port = await freePort();
    store = spawn(process.execPath, ["scripts/stand-in-store.mjs"], {
      env: { ...process.env, STAND_IN_STORE_PORT: String(port) },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    store.stderr?.on("data", (chunk) => (output += String(chunk)));
    await new Promise<void>((resolve, reject) => {
      store?.stdout?.on("data", (chunk) => {
        output += String(chunk);
        if (output.includes("Client secret")) resolve();
      });
      store?.on("exit", (code) => reject(new Error(`stand-in store exited (${code}): ${output}`)));
    });
    const origin = `http://127.0.0.1:${port}`;
    expect(output).toContain(`SHOPIFY_API_ORIGIN=${origin} npm start`);
    const field = (name: string) => new RegExp(`${name}\\s+(\\S+)`).exec(output)?.[1] ?? "";
    const shop = field("Store domain");
    expect(shop).toMatch(/\.myshopify\.com$/);

    const token = await fetch(`${origin}/${shop}${TOKEN_PATH}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "client_credentials",
        client_id: field("Client ID"),
        client_secret: field("Client secret"),
      }),
    });
    expect(token.status).toBe(200);
    const { access_token: accessToken } = (await token.json()) as { access_token: string };
    const named = await fetch(`${origin}/${shop}${API_PATH}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Shopify-Access-Token": accessToken },
      body: JSON.stringify({ query: "query StockroomShopName { shop { name } }" }),
    });
    expect(named.status).toBe(200);
    expect(JSON.stringify(await named.json())).toContain("Stand-in Shop");
  });
});
