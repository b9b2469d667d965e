/**
 * Google and Facebook sign-in, with the providers faked at their HTTP
 * boundary (token endpoint, Graph API): our routes and arctic run for real.
 */
import { env, SELF } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { COLLECTION, PUBLICATION } from "../../protocol/api";
import { hashToken } from "../../worker/accounts/tokens";
import { DdpSocket, signUpUser } from "./ddp-socket";

const ORIGIN = "https://stockroom.test";
let counter = 0;
const uniqueEmail = () => `oauth${Date.now()}${counter++}@example.com`;
const newCredentialToken = () => `cred_${crypto.randomUUID().replace(/-/g, "")}`;
/** A different client address per request keeps the edge rate limit out of the way. */
const clientAddress = () => `10.7.${counter % 250}.${counter++ % 250}`;

function base64url(text: string): string {
  return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** An ID token as Google's token endpoint returns it (signature not read, see oauth-providers.ts). */
function idToken(claims: Record<string, unknown>): string {
  return `${base64url(JSON.stringify({ alg: "RS256" }))}.${base64url(JSON.stringify(claims))}.signature`;
}

interface FakeProviders {
  google?: Record<string, unknown>;
  googleTokenStatus?: number;
  facebook?: Record<string, unknown>;
}

/** Answers provider requests; everything else goes through. */
function fakeProviders(fake: FakeProviders) {
  const realFetch = globalThis.fetch;
  /** Provider requests, with their bodies read while still in the request's context. */
  const seen: { url: string; body: string }[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const record = async () => seen.push({ url: request.url, body: await request.text() });
    if (url.href === "https://oauth2.googleapis.com/token") {
      await record();
      if (fake.googleTokenStatus && fake.googleTokenStatus !== 200) {
        return Response.json({ error: "invalid_grant" }, { status: fake.googleTokenStatus });
      }
      return Response.json({ access_token: "g-access", token_type: "Bearer", id_token: idToken(fake.google ?? {}) });
    }
    if (url.href === "https://graph.facebook.com/v16.0/oauth/access_token") {
      await record();
      return Response.json({ access_token: "fb-access", token_type: "bearer" });
    }
    if (url.origin === "https://graph.facebook.com" && url.pathname === "/v16.0/me") {
      await record();
      return Response.json(fake.facebook ?? {});
    }
    return realFetch(input, init);
  });
  return seen;
}

afterEach(() => {
  vi.restoreAllMocks();
});

/** Starts a sign-in as the app's popup would; returns the provider URL and the state cookie. */
async function start(service: string, credentialToken = newCredentialToken(), extra = "") {
  const response = await SELF.fetch(
    `${ORIGIN}/api/auth/oauth/${service}/start?credentialToken=${credentialToken}${extra}`,
    { redirect: "manual", headers: { "CF-Connecting-IP": clientAddress() } },
  );
  const cookie = (response.headers.get("Set-Cookie") ?? "").split(";")[0] ?? "";
  return { response, credentialToken, cookie, location: new URL(response.headers.get("Location") ?? "about:blank") };
}

async function callback(service: string, query: string, cookie: string) {
  return SELF.fetch(`${ORIGIN}/api/auth/oauth/${service}/callback?${query}`, {
    redirect: "manual",
    headers: { Cookie: cookie, "CF-Connecting-IP": clientAddress() },
  });
}

/** What the end page hands to the app. */
async function handoffOf(response: Response): Promise<Record<string, string> | null> {
  const html = await response.text();
  const json = /<script type="application\/json" id="oauth-data">(.*?)<\/script>/s.exec(html)?.[1];
  return json ? (JSON.parse(json) as { handoff: Record<string, string> | null }).handoff : null;
}

/** The whole provider round trip; returns the credential the page hands over. */
async function signInAt(service: "google" | "facebook", fake: FakeProviders) {
  const seen = fakeProviders(fake);
  const started = await start(service);
  const state = started.location.searchParams.get("state") ?? "";
  const response = await callback(service, `code=auth-code&state=${state}`, started.cookie);
  return { response, handoff: await handoffOf(response), started, seen };
}

async function loginWith(oauth: unknown) {
  const { socket } = await DdpSocket.connect("/api/websocket?shard=5");
  const answer = await socket.call("login", [{ oauth }]);
  return { socket, answer };
}

/** Credentials stored for one sign-in attempt (its credential token): the test files share one database. */
async function credentialsFor(credentialToken: string): Promise<number> {
  const row = await env.DB.prepare("SELECT count(*) AS n FROM oauth_credentials WHERE token_hash = ?")
    .bind(await hashToken(credentialToken))
    .first<{ n: number }>();
  return row?.n ?? 0;
}

describe("OAuth start", () => {
  it("sends the browser to Google with PKCE and keeps the state in an HttpOnly cookie", async () => {
    const { response, location, cookie } = await start("google");
    expect(response.status).toBe(302);
    expect(location.origin + location.pathname).toBe("https://accounts.google.com/o/oauth2/v2/auth");
    expect(location.searchParams.get("client_id")).toBe("google-client-id.test");
    expect(location.searchParams.get("redirect_uri")).toBe(`${ORIGIN}/api/auth/oauth/google/callback`);
    expect(location.searchParams.get("code_challenge_method")).toBe("S256");
    expect(location.searchParams.get("state")?.length).toBeGreaterThan(20);
    expect(cookie).toMatch(/^stockroom_oauth=/);
    const header = response.headers.get("Set-Cookie") ?? "";
    expect(header).toMatch(/HttpOnly/i);
    expect(header).toMatch(/SameSite=Lax/i);
    expect(header).toMatch(/Path=\/api\/auth\/oauth/i);
  });

  it("answers Service not configured for an unknown service", async () => {
    const { response } = await start("myspace");
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("Service not configured");
  });

  it("refuses a malformed credential token or a return path off our origin", async () => {
    expect((await start("google", "short")).response.status).toBe(400);
    const offsite = await start("google", newCredentialToken(), "&style=redirect&returnTo=//evil.example/x");
    expect(offsite.response.status).toBe(400);
  });
});

describe("OAuth sign-in with Google", () => {
  it("creates an account with the verified address and logs in on the live connection, once", async () => {
    const email = uniqueEmail();
    const { response, handoff, seen, started } = await signInAt("google", {
      google: { sub: `g-${email}`, email, email_verified: true, name: "Grace Hopper" },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Security-Policy")).toMatch(/script-src 'nonce-/);
    // The code and the PKCE verifier went to Google's token endpoint.
    const body = new URLSearchParams(seen[0]?.body);
    expect(body.get("code")).toBe("auth-code");
    expect(body.get("code_verifier")?.length).toBeGreaterThan(40);
    expect(handoff?.credentialSecret).toBeTruthy();
    expect(handoff?.credentialToken).toBe(started.credentialToken);
    expect(await credentialsFor(started.credentialToken)).toBe(1);

    const { socket, answer } = await loginWith(handoff);
    const result = answer.result as { id: string; token: string; tokenExpires: Date };
    expect(result.token).toBeTruthy();
    await socket.subscribe(PUBLICATION.USER);
    const user = socket.received.find((m) => m.msg === "added" && m.collection === COLLECTION.USERS);
    expect(user?.fields).toMatchObject({
      emails: [{ address: email, verified: true }],
      profile: { name: "Grace Hopper" },
    });
    socket.close();

    // A credential works once.
    const again = await loginWith(handoff);
    expect(again.answer.error).toMatchObject({ error: 403, reason: "No matching login attempt found" });
    again.socket.close();
  });

  it("keeps the provider's name only as far as it fits our rules, and never refuses the sign-in for it", async () => {
    const profileAfter = async (name: string) => {
      const email = uniqueEmail();
      const { handoff } = await signInAt("google", {
        google: { sub: `g-${email}`, email, email_verified: true, name },
      });
      const { socket, answer } = await loginWith(handoff);
      expect(answer.error).toBeUndefined();
      await socket.subscribe(PUBLICATION.USER);
      const user = socket.received.find((m) => m.msg === "added" && m.collection === COLLECTION.USERS);
      socket.close();
      vi.restoreAllMocks();
      return (user?.fields as { profile?: unknown } | undefined)?.profile;
    };
    // Control characters become spaces, then it is trimmed and cut to 80 characters.
    expect(await profileAfter(`  Grace\tBrewster\u0000Hopper ${"x".repeat(100)}`)).toEqual({
      name: `Grace Brewster Hopper ${"x".repeat(58)}`,
    });
    // Nothing left: no name (the person shows as their address).
    expect(await profileAfter("\u0007\u0008  ")).toEqual({});
  });

  it("signs the same Google identity into the same account next time", async () => {
    const email = uniqueEmail();
    const google = { sub: `g-${email}`, email, email_verified: true };
    const first = await signInAt("google", { google });
    const one = await loginWith(first.handoff);
    vi.restoreAllMocks();
    const second = await signInAt("google", { google });
    const two = await loginWith(second.handoff);
    expect((two.answer.result as { id: string }).id).toBe((one.answer.result as { id: string }).id);
    one.socket.close();
    two.socket.close();
  });

  it("joins an existing account only when its address is verified", async () => {
    const existing = await signUpUser();
    // Not verified yet: refused, and no account is created or joined.
    const refused = await signInAt("google", {
      google: { sub: `g-${existing.email}`, email: existing.email, email_verified: true },
    });
    const attempt = await loginWith(refused.handoff);
    expect(attempt.answer.error).toMatchObject({ error: 403 });
    expect(String((attempt.answer.error as { reason: string }).reason)).toMatch(/not verified/);
    attempt.socket.close();

    await env.DB.prepare("UPDATE user_emails SET verified = 1 WHERE lower(address) = lower(?)")
      .bind(existing.email)
      .run();
    vi.restoreAllMocks();
    const joined = await signInAt("google", {
      google: { sub: `g-${existing.email}`, email: existing.email, email_verified: true },
    });
    const login = await loginWith(joined.handoff);
    expect((login.answer.result as { id: string }).id).toBe(existing.id);
    login.socket.close();
  });

  it("does not join when Google does not vouch for the address", async () => {
    const existing = await signUpUser();
    await env.DB.prepare("UPDATE user_emails SET verified = 1 WHERE lower(address) = lower(?)")
      .bind(existing.email)
      .run();
    const { handoff } = await signInAt("google", {
      google: { sub: `g-unverified-${existing.email}`, email: existing.email, email_verified: false },
    });
    const attempt = await loginWith(handoff);
    expect(attempt.answer.error).toMatchObject({ error: 403 });
    attempt.socket.close();
  });
});

describe("OAuth sign-in with Facebook", () => {
  it("reads the profile from the Graph API with an appsecret_proof and logs in", async () => {
    const email = uniqueEmail();
    const { handoff, seen } = await signInAt("facebook", { facebook: { id: `fb-${email}`, email, name: "Ada" } });
    const profileRequest = seen.find((request) => request.url.includes("/me?"));
    expect(new URL(profileRequest?.url ?? "http://x").searchParams.get("appsecret_proof")).toMatch(/^[0-9a-f]{64}$/);
    const { socket, answer } = await loginWith(handoff);
    expect((answer.result as { token: string }).token).toBeTruthy();
    socket.close();
  });
});

describe("OAuth bad input", () => {
  it("a forged state creates no credential and asks the provider nothing", async () => {
    const seen = fakeProviders({ google: { sub: "forged", email: uniqueEmail(), email_verified: true } });
    const started = await start("google");
    const forged = await callback("google", "code=stolen-code&state=forged-state-value-0000000000", started.cookie);
    expect(forged.status).toBe(400);
    expect(await handoffOf(forged)).toBeNull();
    // The attempt's cookie is gone, so the real state cannot be replayed later either.
    expect(forged.headers.get("Set-Cookie") ?? "").toMatch(/stockroom_oauth=;.*Max-Age=0/i);
    expect(seen).toHaveLength(0);
    expect(await credentialsFor(started.credentialToken)).toBe(0);
  });

  it("a callback with no state cookie (another browser, or replayed) is refused", async () => {
    fakeProviders({ google: { sub: "replay", email: uniqueEmail(), email_verified: true } });
    const started = await start("google");
    const state = started.location.searchParams.get("state") ?? "";
    const response = await callback("google", `code=auth-code&state=${state}`, "");
    expect(response.status).toBe(400);
    expect(await handoffOf(response)).toBeNull();
  });

  it("a cancelled sign-in hands the reason to the app, not a credential", async () => {
    const started = await start("google");
    const state = started.location.searchParams.get("state") ?? "";
    const response = await callback("google", `error=access_denied&state=${state}`, started.cookie);
    expect(response.status).toBe(400);
    expect(await handoffOf(response)).toEqual({
      credentialToken: started.credentialToken,
      error: "Google sign-in was cancelled.",
    });
  });

  it("a code the provider rejects ends in a clear error and no credential", async () => {
    const { response, handoff, started } = await signInAt("google", { googleTokenStatus: 400 });
    expect(response.status).toBe(502);
    expect(handoff).toMatchObject({ error: "Google sign-in failed. Please try again." });
    expect(await credentialsFor(started.credentialToken)).toBe(0);
  });

  it("a wrong secret, an expired credential or a malformed one cannot log in", async () => {
    const email = uniqueEmail();
    const { handoff } = await signInAt("google", { google: { sub: `g-${email}`, email, email_verified: true } });
    const wrong = await loginWith({ credentialToken: handoff?.credentialToken, credentialSecret: "guess" });
    expect(wrong.answer.error).toMatchObject({ error: 403, reason: "No matching login attempt found" });
    wrong.socket.close();

    // Only this attempt's credential ages: the test files share one database.
    await env.DB.prepare("UPDATE oauth_credentials SET expires_at = ? WHERE token_hash = ?")
      .bind(Date.now() - 1, await hashToken(handoff?.credentialToken ?? ""))
      .run();
    const expired = await loginWith(handoff);
    expect(expired.answer.error).toMatchObject({ error: 403, reason: "No matching login attempt found" });
    expired.socket.close();

    const malformed = await loginWith({ credentialToken: 42 });
    expect(malformed.answer.error).toMatchObject({ error: 400 });
    malformed.socket.close();
  });
});

describe("login services publication", () => {
  it("lists the configured services with client ids and never a secret", async () => {
    const { socket } = await DdpSocket.connect("/api/websocket?shard=5");
    await socket.subscribe(PUBLICATION.LOGIN_SERVICES);
    const docs = socket.received.filter((m) => m.msg === "added" && m.collection === COLLECTION.LOGIN_SERVICES);
    expect(docs.map((m) => m.id).sort()).toEqual(["facebook", "google"]);
    expect(JSON.stringify(docs)).not.toContain("secret");
    expect(docs.find((m) => m.id === "google")?.fields).toMatchObject({
      clientId: "google-client-id.test",
      loginStyle: "popup",
    });
    socket.close();
  });
});
