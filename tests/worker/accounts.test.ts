import {
  createExecutionContext,
  createScheduledController,
  env,
  evictDurableObject,
  runDurableObjectAlarm,
  waitOnExecutionContext,
} from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { hashToken } from "../../worker/accounts/tokens";
import { DdpSocket } from "./ddp-socket";
import { countRoomStatements } from "./statement-counter";

const DAY = 24 * 3600_000;
let shard = 0;
/** Each test on its own HomeDO shard, so rate-limit windows do not mix. */
const homePath = () => `/api/websocket?shard=${shard++ % 16}`;
let counter = 0;
const uniqueEmail = () => `person${Date.now()}${counter++}@example.com`;

async function signUp(email = uniqueEmail(), password: unknown = "correct horse") {
  const { socket } = await DdpSocket.connect(homePath());
  const result = await socket.call("createUser", [{ email, password }]);
  return {
    socket,
    email,
    result: result.result as { id: string; token: string; tokenExpires: Date },
    error: result.error,
  };
}

describe("createUser", () => {
  it("creates an account, logs the connection in and returns a 90-day token", async () => {
    const before = Date.now();
    const { socket, result } = await signUp();
    expect(result.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(result.tokenExpires.getTime() - before).toBeGreaterThanOrEqual(90 * DAY - 5000);
    expect(result.tokenExpires.getTime() - Date.now()).toBeLessThanOrEqual(90 * DAY);
    await socket.subscribe("user", [], "me");
    expect(socket.received.find((m) => m.msg === "added" && m.collection === "users")?.id).toBe(result.id);
    socket.close();
  });

  it("stores only a hash of the token and of the password", async () => {
    const { socket, result } = await signUp(uniqueEmail(), "my secret words");
    const tokens = await env.DB.prepare("SELECT token_hash FROM login_tokens WHERE user_id = ?").bind(result.id).all();
    expect(tokens.results).toHaveLength(1);
    expect(JSON.stringify(tokens.results)).not.toContain(result.token);
    const user = await env.DB.prepare("SELECT password_hash FROM users WHERE id = ?")
      .bind(result.id)
      .first<{ password_hash: string }>();
    expect(user?.password_hash).toMatch(/^pbkdf2-sha256\$100000\$/);
    expect(user?.password_hash).not.toContain("my secret words");
    socket.close();
  });

  it("refuses bad input with clear errors and creates nothing", async () => {
    // Each address its own (the test files share one database: counting every user would count theirs).
    const tag = `${Date.now()}${counter++}`;
    const cases: [unknown, string][] = [
      [{ password: "pw" }, "Need to set a username or email"],
      [{ email: `not-an-email-${tag}`, password: "pw" }, "Invalid e-mail address"],
      [{ email: `${tag}${"x".repeat(300)}@example.com`, password: "pw" }, "E-mail address is too long"],
      [{ email: uniqueEmail(), password: "" }, "Password may not be empty"],
      [{ email: uniqueEmail() }, "Password may not be empty"],
      [{ email: uniqueEmail(), password: 42 }, "Password must be a string"],
      ["just a string", "Options must be an object"],
    ];
    // createUser is rate-limited to 5 calls per 10 s per connection.
    for (let i = 0; i < cases.length; i += 5) {
      const { socket } = await DdpSocket.connect(homePath());
      for (const [options, reason] of cases.slice(i, i + 5)) {
        const result = await socket.call("createUser", [options]);
        expect(result.error).toMatchObject({ error: 400, reason });
      }
      socket.close();
    }
    // No account has any of the addresses tried.
    const addresses = cases.flatMap(([options]) => {
      const email = (options as { email?: unknown }).email;
      return typeof email === "string" ? [email.toLowerCase()] : [];
    });
    expect(addresses).toHaveLength(5);
    const made = await env.DB.prepare(
      `SELECT COUNT(*) AS n FROM user_emails WHERE lower(address) IN (${addresses.map(() => "?").join(", ")})`,
    )
      .bind(...addresses)
      .first<{ n: number }>();
    expect(made?.n).toBe(0);
  });

  it("refuses an e-mail that is already taken, whatever its case", async () => {
    const { socket, email } = await signUp();
    const again = await socket.call("createUser", [{ email: email.toUpperCase(), password: "other" }]);
    expect(again.error).toMatchObject({ error: 403, reason: "Email already exists." });
    socket.close();
  });
});

describe("login", () => {
  it("accepts a plain password or its SHA-256 digest", async () => {
    const { email, socket } = await signUp(uniqueEmail(), "hunter22");
    socket.close();
    const { socket: other } = await DdpSocket.connect(homePath());
    const plain = await other.call("login", [{ user: { email }, password: "hunter22" }]);
    expect(plain.error).toBeUndefined();
    const digest = [...new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode("hunter22")))]
      .map((b) => b.toString(16).padStart(2, "0"))
      .join("");
    const hashed = await other.call("login", [{ user: { email }, password: { digest, algorithm: "sha-256" } }]);
    expect(hashed.error).toBeUndefined();
    other.close();
  });

  it("answers a wrong password and an unknown user the same way", async () => {
    const { email, socket } = await signUp();
    const wrong = await socket.call("login", [{ user: { email }, password: "nope" }]);
    // A name no other test tries: failed logins are counted per name across the shared database.
    const unknown = await socket.call("login", [{ user: { email: uniqueEmail() }, password: "nope" }]);
    expect(wrong.error).toMatchObject({ error: 403, reason: "Something went wrong. Please check your credentials." });
    expect(unknown.error).toEqual(wrong.error);
    expect((await socket.call("login", [{ foo: 1 }])).error).toMatchObject({
      error: 400,
      reason: "Unrecognized options for login request",
    });
    socket.close();
  });

  it("resumes with a token, and refuses unknown and expired ones", async () => {
    const { result, socket } = await signUp();
    socket.close();
    const { result: aged, socket: agedSocket } = await signUp();
    agedSocket.close();
    const { socket: again } = await DdpSocket.connect(homePath());
    const resumed = await again.call("login", [{ resume: result.token }]);
    expect(resumed.result).toMatchObject({ id: result.id, token: result.token });
    const unknown = await again.call("login", [{ resume: "x".repeat(43) }]);
    expect(unknown.error).toMatchObject({
      error: 403,
      reason: "You've been logged out by the server. Please log in again.",
    });
    // Past its expiry (aged in D1, as time would age it; a token's expiry never changes otherwise).
    await env.DB.prepare("UPDATE login_tokens SET expires_at = ? WHERE user_id = ?")
      .bind(Date.now() - 1, aged.id)
      .run();
    const expired = await again.call("login", [{ resume: aged.token }]);
    expect(expired.error).toMatchObject({ error: 403, reason: "Your session has expired. Please log in again." });
    again.close();
  });

  it("answers a legacy password format with 'Password is old'", async () => {
    const { result, email, socket } = await signUp();
    await env.DB.prepare("UPDATE users SET password_hash = ? WHERE id = ?").bind("md5$abc", result.id).run();
    const old = await socket.call("login", [{ user: { email }, password: "correct horse" }]);
    expect(old.error).toMatchObject({ error: 403, reason: "Password is old. Please reset your password." });
    socket.close();
  });

  it("limits login to 5 calls per 10 s per connection", async () => {
    const { socket } = await DdpSocket.connect(homePath());
    // Its own name: failed logins also count per name, across every test.
    const email = uniqueEmail();
    for (let i = 0; i < 5; i++) {
      const attempt = await socket.call("login", [{ user: { email }, password: "x" }]);
      expect(attempt.error).toMatchObject({ error: 403 });
    }
    const sixth = await socket.call("login", [{ user: { email }, password: "x" }]);
    expect(sixth.error).toMatchObject({ error: "too-many-requests" });
    socket.close();
  });
});

describe("tokens and sessions", () => {
  it("logout removes the token and closes other connections that used it", async () => {
    const { result, socket } = await signUp();
    const { socket: twin } = await DdpSocket.connect(homePath());
    await twin.call("login", [{ resume: result.token }]);
    await socket.subscribe("user", [], "me");
    await socket.call("logout");
    expect(await socket.next((m) => m.msg === "removed" && m.collection === "users")).toMatchObject({ id: result.id });
    await expect.poll(() => twin.closed?.code).toBe(4002);
    const { socket: later } = await DdpSocket.connect(homePath());
    expect((await later.call("login", [{ resume: result.token }])).error).toMatchObject({ error: 403 });
    socket.close();
    later.close();
  });

  it("closes connections in a room when their token is removed elsewhere", async () => {
    const { result, socket } = await signUp();
    const roomId = (await socket.call("rooms.create", ["Token room"])).result as string;
    expect(roomId).toMatch(/^[A-Za-z0-9]{17}$/);
    const { socket: inRoom } = await DdpSocket.connect(`/api/rooms/${roomId}/websocket`);
    await inRoom.call("login", [{ resume: result.token }]);
    const second = await socket.call("getNewToken");
    const newToken = (second.result as { token: string }).token;
    expect(newToken).not.toBe(result.token);
    expect((second.result as { tokenExpires: Date }).tokenExpires).toEqual(result.tokenExpires);
    await socket.call("removeOtherTokens");
    await expect.poll(() => inRoom.closed?.code).toBe(4002);
    expect(socket.closed).toBeNull();
    socket.close();
  });

  it("records a token's room and reads the token once however many connections resume with it; removing it closes them all and it no longer resumes there", async () => {
    const { result, socket } = await signUp();
    const roomId = (await socket.call("rooms.create", ["Shared login room"])).result as string;
    const placeWrites = await countRoomStatements(roomId, /insert into "token_connections"/);
    const tokenStatements = await countRoomStatements(roomId, /"login_tokens"/, await hashToken(result.token));
    const tabs: DdpSocket[] = [];
    for (let i = 0; i < 3; i++) {
      const { socket: tab } = await DdpSocket.connect(`/api/rooms/${roomId}/websocket`);
      expect((await tab.call("login", [{ resume: result.token }])).error).toBeUndefined();
      tabs.push(tab);
    }
    expect(await placeWrites()).toBe(1);
    // The first resume's one transaction (the place recorded, the token read); the other tabs read nothing.
    expect(await tokenStatements()).toBe(2);
    await socket.call("getNewToken");
    await socket.call("removeOtherTokens");
    for (const tab of tabs) await expect.poll(() => tab.closed?.code).toBe(4002);
    // The room heard the token go: it does not resume from what the room remembered.
    const { socket: late } = await DdpSocket.connect(`/api/rooms/${roomId}/websocket`);
    expect((await late.call("login", [{ resume: result.token }])).error).toMatchObject({
      error: 403,
      reason: "You've been logged out by the server. Please log in again.",
    });
    late.close();
    socket.close();
  });

  it("closes a room's connections when their token is removed while the room's object is asleep", async () => {
    const { result, socket } = await signUp();
    const roomId = (await socket.call("rooms.create", ["Sleeping room"])).result as string;
    const { socket: tab } = await DdpSocket.connect(`/api/rooms/${roomId}/websocket`);
    expect((await tab.call("login", [{ resume: result.token }])).error).toBeUndefined();
    // Evicted from memory, its socket kept (hibernation): the call that removes the token wakes it cold.
    await evictDurableObject(env.ROOM.getByName(roomId));
    await socket.call("getNewToken");
    await socket.call("removeOtherTokens");
    await expect.poll(() => tab.closed?.code).toBe(4002);
    socket.close();
  });

  it("closes a room's connections whose token went without the room being told, at its next check of the tokens in use", async () => {
    const { result, socket } = await signUp();
    const roomId = (await socket.call("rooms.create", ["Unreachable room"])).result as string;
    const { socket: tab } = await DdpSocket.connect(`/api/rooms/${roomId}/websocket`);
    expect((await tab.call("login", [{ resume: result.token }])).error).toBeUndefined();
    // The token goes, and the room is not told (as when it cannot be reached).
    const hash = await hashToken(result.token);
    await env.DB.prepare("DELETE FROM token_connections WHERE token_hash = ?").bind(hash).run();
    await env.DB.prepare("DELETE FROM login_tokens WHERE token_hash = ?").bind(hash).run();
    const room = env.ROOM.getByName(roomId);
    await runDurableObjectAlarm(room);
    expect(tab.closed).toBeNull();
    // A minute on, the room's heartbeat checks the tokens its connections use.
    const realNow = Date.now.bind(Date);
    const clock = vi.spyOn(Date, "now").mockImplementation(() => realNow() + 60_000 + 1_000);
    try {
      await runDurableObjectAlarm(room);
      await expect.poll(() => tab.closed?.code).toBe(4002);
    } finally {
      clock.mockRestore();
    }
    socket.close();
  });

  it("changePassword needs a login and the old password, then ends other sessions", async () => {
    const { socket: anonymous } = await DdpSocket.connect(homePath());
    expect((await anonymous.call("changePassword", ["a", "b"])).error).toMatchObject({
      error: 401,
      reason: "Must be logged in",
    });
    anonymous.close();

    const { result, email, socket } = await signUp(uniqueEmail(), "first password");
    const { socket: other } = await DdpSocket.connect(homePath());
    await other.call("login", [{ resume: result.token }]);
    await socket.call("getNewToken");
    expect((await socket.call("changePassword", ["wrong", "second password"])).error).toMatchObject({
      error: 403,
      reason: "Incorrect password",
    });
    const changed = await socket.call("changePassword", ["first password", "second password"]);
    expect(changed.result).toEqual({ passwordChanged: true });
    await expect.poll(() => other.closed?.code).toBe(4002);
    const { socket: check } = await DdpSocket.connect(homePath());
    expect((await check.call("login", [{ user: { email }, password: "first password" }])).error).toMatchObject({
      error: 403,
    });
    expect((await check.call("login", [{ user: { email }, password: "second password" }])).error).toBeUndefined();
    socket.close();
    check.close();
  });
});

describe("expired-token clean-up (cron)", () => {
  it("removes expired tokens and closes the connections still using them", async () => {
    const { result, socket } = await signUp();
    const { socket: fresh } = await signUp();
    await env.DB.prepare("UPDATE login_tokens SET expires_at = ? WHERE user_id = ?")
      .bind(Date.now() - 1000, result.id)
      .run();
    const worker = (await import("../../worker/index")).default;
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ cron: "*/10 * * * *" }), env, ctx);
    await waitOnExecutionContext(ctx);
    await expect.poll(() => socket.closed?.code).toBe(4002);
    expect(fresh.closed).toBeNull();
    const left = await env.DB.prepare("SELECT COUNT(*) AS n FROM login_tokens WHERE user_id = ?")
      .bind(result.id)
      .first<{ n: number }>();
    expect(left?.n).toBe(0);
    fresh.close();
  });
});
