import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { DdpSocket } from "./ddp-socket";

async function loginToken(): Promise<string> {
  const { socket } = await DdpSocket.connect("/api/websocket?shard=9");
  const result = await socket.call("createUser", [
    { email: `cookie${Date.now()}${Math.random()}@example.com`, password: "pw" },
  ]);
  socket.close();
  return (result.result as { token: string }).token;
}

describe("login cookie endpoint", () => {
  it("sets an HttpOnly, SameSite=Lax, Secure cookie for a valid token", async () => {
    const token = await loginToken();
    const response = await SELF.fetch("https://stockroom.test/api/auth/cookie", {
      headers: { Authorization: `Bearer ${token}`, "CF-Connecting-IP": "10.0.0.1" },
    });
    expect(response.status).toBe(200);
    const cookie = response.headers.get("Set-Cookie") ?? "";
    expect(cookie).toContain(`stockroom_login=${token}`);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Secure/i);
  });

  it("leaves out Secure on localhost, where there is no HTTPS", async () => {
    const token = await loginToken();
    const response = await SELF.fetch("http://localhost:8787/api/auth/cookie", {
      headers: { Authorization: `Bearer ${token}`, "CF-Connecting-IP": "10.0.0.2" },
    });
    expect(response.headers.get("Set-Cookie") ?? "").not.toMatch(/Secure/i);
  });

  it("refuses a missing or unknown token with 401 and clears the cookie; DELETE clears it", async () => {
    const variants: Record<string, string>[] = [{}, { Authorization: "Bearer not-a-real-token-at-all" }];
    for (const headers of variants) {
      const response = await SELF.fetch("https://stockroom.test/api/auth/cookie", {
        headers: { ...headers, "CF-Connecting-IP": "10.0.0.3" },
      });
      expect(response.status).toBe(401);
      expect(response.headers.get("Set-Cookie") ?? "").toMatch(/stockroom_login=;.*Max-Age=0/i);
    }
    const cleared = await SELF.fetch("https://stockroom.test/api/auth/cookie", {
      method: "DELETE",
      headers: { "CF-Connecting-IP": "10.0.0.3" },
    });
    expect(cleared.headers.get("Set-Cookie") ?? "").toMatch(/stockroom_login=;.*Max-Age=0/i);
  });
});

describe("edge rate limit on auth routes", () => {
  it("answers 429 with Retry-After once an address goes over the limit", async () => {
    // The limit is 60 per 10 s window. A slow run may cross into a fresh
    // window mid-loop, so send until the first refusal rather than exactly 61.
    let allowed = 0;
    let refused: Response | null = null;
    while (!refused && allowed < 200) {
      const response = await SELF.fetch("https://stockroom.test/api/auth/cookie", {
        method: "DELETE",
        headers: { "CF-Connecting-IP": "10.9.9.9" },
      });
      if (response.status === 429) refused = response;
      else {
        expect(response.status).toBe(200);
        allowed++;
      }
    }
    expect(allowed).toBeGreaterThanOrEqual(60);
    expect(refused?.status).toBe(429);
    expect(refused?.headers.get("Retry-After")).toBe("10");
    // Another address is not affected.
    const other = await SELF.fetch("https://stockroom.test/api/auth/cookie", {
      method: "DELETE",
      headers: { "CF-Connecting-IP": "10.9.9.10" },
    });
    expect(other.status).toBe(200);
  });
});
