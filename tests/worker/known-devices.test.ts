/**
 * The password limit never locks the owner out (docs/protocol.md §2, §8): a browser
 * that has signed in to the account before presents the device key it was
 * issued and is counted on its own, so guesses from anywhere else cannot
 * refuse it; from a new device, an e-mailed sign-in link always gets in.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { LOGIN_TOKEN_LIFETIME } from "../../protocol/constants";
import { removeExpiredTokens } from "../../worker/accounts/expired-tokens-job";
import { hashToken } from "../../worker/accounts/tokens";
import { DdpSocket, nextAddress, type Received } from "./ddp-socket";
import { mailedToken, outboxMails } from "./outbox";

let counter = 0;
const uniqueEmail = () => `device${Date.now()}${counter++}@example.com`;

type Answer = Received & { error?: { error: unknown; reason?: string; details?: { why?: string } } };

/** Signs up and, as the app does after every sign-in, asks for this browser's device key. */
async function signUpOnDevice(email = uniqueEmail()) {
  const { socket } = await DdpSocket.connect("/api/websocket");
  await socket.call("createUser", [{ email, password: "right password" }]);
  const key = (await socket.call("accounts.rememberDevice", [null])).result as string;
  socket.close();
  return { email, key };
}

/** One password login on a fresh socket (the per-connection rule never applies) from a new address. */
async function login(email: string, password: string, deviceKey?: string): Promise<Answer> {
  const { socket } = await DdpSocket.connect("/api/websocket", undefined, nextAddress());
  const answer = await socket.call("login", [{ user: { email }, password, ...(deviceKey ? { deviceKey } : {}) }]);
  socket.close();
  return answer as Answer;
}

async function lockAccount(email: string) {
  await lockAccountWith(email, "right password");
}

async function lockAccountWith(email: string, password: string) {
  for (let i = 0; i < 10; i++) expect((await login(email, `guess ${i}`)).error).toMatchObject({ error: 403 });
  expect((await login(email, password)).error).toMatchObject({ error: "too-many-requests" });
}

async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

describe("a device that has signed in before", () => {
  it("gets in with the right password while guesses from elsewhere have locked the account", async () => {
    const { email, key } = await signUpOnDevice();
    await lockAccount(email);
    const own = await login(email, "right password", key);
    expect(own.error).toBeUndefined();
    expect(own.result).toMatchObject({ token: expect.any(String) });
    // Signing in from its own browser does not lift the lock for everyone else.
    expect((await login(email, "right password")).error).toMatchObject({ error: "too-many-requests" });
  });

  it("has a count of its own: its wrong passwords stop it, not the account", async () => {
    const { email, key } = await signUpOnDevice();
    for (let i = 0; i < 10; i++) await login(email, `typo ${i}`, key);
    expect((await login(email, "right password", key)).error).toMatchObject({ error: "too-many-requests" });
    // The account's own count was never touched: another device with the password gets in.
    expect((await login(email, "right password")).error).toBeUndefined();
  });

  it("is known only for the accounts that signed in on it", async () => {
    const mine = await signUpOnDevice();
    const theirs = await signUpOnDevice();
    await lockAccount(theirs.email);
    // My browser's key does not open someone else's locked account.
    expect((await login(theirs.email, "right password", mine.key)).error).toMatchObject({
      error: "too-many-requests",
    });
  });

  it("keeps one key per browser: a second account signed in on it is known there too", async () => {
    const first = await signUpOnDevice();
    const second = uniqueEmail();
    const { socket } = await DdpSocket.connect("/api/websocket");
    await socket.call("createUser", [{ email: second, password: "right password" }]);
    const again = await socket.call("accounts.rememberDevice", [first.key]);
    expect(again.result).toBe(first.key);
    socket.close();
    await lockAccount(second);
    expect((await login(second, "right password", first.key)).error).toBeUndefined();
  });

  it("replaces a key the server never issued, and refuses to remember one for nobody", async () => {
    const { socket } = await DdpSocket.connect("/api/websocket");
    expect((await socket.call("accounts.rememberDevice", [null])).error).toMatchObject({ error: 401 });
    await socket.call("createUser", [{ email: uniqueEmail(), password: "right password" }]);
    const made = "made-up-key-that-nobody-issued-0123456789";
    const issued = (await socket.call("accounts.rememberDevice", [made])).result;
    expect(issued).toEqual(expect.any(String));
    expect(issued).not.toBe(made);
    socket.close();
  });

  it("refuses a flood of new keys on one connection with too-many-requests", async () => {
    const { socket } = await DdpSocket.connect("/api/websocket");
    await socket.call("createUser", [{ email: uniqueEmail(), password: "right password" }]);
    // Sent at once, so all fall in one 10 s window however slow the machine.
    const answers = await Promise.all(Array.from({ length: 11 }, () => socket.call("accounts.rememberDevice", [null])));
    expect(answers.slice(0, 10).every((answer) => typeof answer.result === "string")).toBe(true);
    expect(answers[10]?.error).toMatchObject({ error: "too-many-requests" });
    socket.close();
  });
});

describe("forgetting devices", () => {
  it("forgets every device of the account when its password changes", async () => {
    const { email, key } = await signUpOnDevice();
    const { socket } = await DdpSocket.connect("/api/websocket");
    await socket.call("login", [{ user: { email }, password: "right password" }]);
    const changed = await socket.call("changePassword", [
      { digest: await sha256("right password"), algorithm: "sha-256" },
      "new password",
    ]);
    expect(changed.error).toBeUndefined();
    socket.close();
    await lockAccountWith(email, "new password");
    // The key from before the change opens nothing any more.
    expect((await login(email, "new password", key)).error).toMatchObject({ error: "too-many-requests" });
  });
});

describe("devices no longer in use", () => {
  it("are forgotten by the cron job once idle for longer than a login token lives", async () => {
    const idle = await signUpOnDevice();
    const inUse = await signUpOnDevice();
    const now = Date.now();
    await env.DB.prepare("UPDATE known_devices SET last_sign_in_at = ? WHERE key_hash = ?")
      .bind(now - LOGIN_TOKEN_LIFETIME - 1, await hashToken(idle.key))
      .run();
    await removeExpiredTokens(env, now);
    const known = async (key: string) =>
      (
        await env.DB.prepare("SELECT COUNT(*) AS n FROM known_devices WHERE key_hash = ?")
          .bind(await hashToken(key))
          .first<{ n: number }>()
      )?.n;
    expect(await known(idle.key)).toBe(0);
    expect(await known(inUse.key)).toBe(1);
    // The forgotten key has no count of its own any more; the one in use still has.
    await lockAccount(idle.email);
    expect((await login(idle.email, "right password", idle.key)).error).toMatchObject({ error: "too-many-requests" });
    await lockAccount(inUse.email);
    expect((await login(inUse.email, "right password", inUse.key)).error).toBeUndefined();
  });
});

describe("E-mail me a sign-in link", () => {
  it("gets the owner in from a new device past the lock, once, and lifts the lock", async () => {
    const { email } = await signUpOnDevice();
    await lockAccount(email);
    const { socket } = await DdpSocket.connect("/api/websocket", undefined, nextAddress());
    expect((await socket.call("accounts.sendLoginLink", [{ email }])).error).toBeUndefined();
    const token = await mailedToken(email, "login-link");
    const signedIn = await socket.call("login", [{ loginLink: token }]);
    expect(signedIn.error).toBeUndefined();
    expect(signedIn.result).toMatchObject({ token: expect.any(String) });
    // Once only; Meteor's reason, with the case for our app.
    const again = await socket.call("login", [{ loginLink: token }]);
    expect(again.error).toMatchObject({ error: 403, reason: "Token expired", details: { why: "used" } });
    socket.close();
    expect((await login(email, "right password")).error).toBeUndefined();
  });

  it("answers the same for an address with no account, and sends nothing", async () => {
    const nobody = uniqueEmail();
    const { email } = await signUpOnDevice();
    const { socket } = await DdpSocket.connect("/api/websocket");
    const forNobody = await socket.call("accounts.sendLoginLink", [{ email: nobody }]);
    const forOwner = await socket.call("accounts.sendLoginLink", [{ email }]);
    expect(forNobody.error).toBeUndefined();
    expect(forNobody.result).toEqual(forOwner.result);
    socket.close();
    // By the time the owner's link (asked for second) has arrived, none went to the address with no account.
    await mailedToken(email, "login-link");
    const mails = await outboxMails();
    expect(mails.some((mail) => mail.to === nobody)).toBe(false);
  });
});

describe("why a password login failed", () => {
  it("keeps Meteor's reason and says which case it is in details", async () => {
    const { email } = await signUpOnDevice();
    const wrong = await login(email, "wrong");
    expect(wrong.error).toMatchObject({
      error: 403,
      reason: "Something went wrong. Please check your credentials.",
      details: { why: "bad-credentials" },
    });
    const { socket } = await DdpSocket.connect("/api/websocket");
    const taken = await socket.call("createUser", [{ email, password: "another password" }]);
    expect(taken.error).toMatchObject({ error: 403, reason: "Email already exists.", details: { why: "email-taken" } });
    socket.close();
  });
});
