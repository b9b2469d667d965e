/**
 * Password guessing across connections (docs/protocol.md §2, §8): failed logins count
 * per account and per client address wherever they come from — fresh
 * sockets, other HomeDO shards, rooms — and past the limit the answer is
 * `too-many-requests` with the time to wait, even for the right password.
 * A reset by e-mail link always gets the owner back in.
 */
import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createRoom, DdpSocket, nextAddress, type Received } from "./ddp-socket";
import { mailedToken } from "./outbox";

const WINDOW = 15 * 60_000;
let counter = 0;
const uniqueEmail = () => `guard${Date.now()}${counter++}@example.com`;

async function signUp(email = uniqueEmail(), password = "right password") {
  const { socket } = await DdpSocket.connect("/api/websocket");
  const created = await socket.call("createUser", [{ email, password }]);
  socket.close();
  return { email, id: (created.result as { id: string }).id };
}

/** One login on a fresh socket (so the per-connection rule never applies) from `address`. */
async function loginOnce(
  path: string,
  address: string,
  email: string,
  password: string,
): Promise<Received & { error?: { error: unknown; reason?: string; details?: { timeToReset?: number } } }> {
  const { socket } = await DdpSocket.connect(path, undefined, address);
  const result = await socket.call("login", [{ user: { email }, password }]);
  socket.close();
  return result as never;
}

function expectRefused(result: Awaited<ReturnType<typeof loginOnce>>) {
  expect(result.error).toMatchObject({ error: "too-many-requests" });
  const wait = result.error?.details?.timeToReset ?? 0;
  expect(wait).toBeGreaterThan(0);
  expect(wait).toBeLessThanOrEqual(WINDOW);
}

describe("failed password logins, counted across connections", () => {
  it("refuses an account after 10 wrong passwords from 10 addresses, on any shard or room, even the right one", async () => {
    const { email } = await signUp();
    const roomId = await createRoom();
    for (let i = 0; i < 10; i++) {
      // Spread over home shards and a room's object: they all count in one place.
      const path = i % 3 === 0 ? `/api/rooms/${roomId}/websocket` : `/api/websocket?shard=${i}`;
      const result = await loginOnce(path, nextAddress(), email, `guess ${i}`);
      expect(result.error).toMatchObject({ error: 403 });
    }
    expectRefused(await loginOnce("/api/websocket?shard=11", nextAddress(), email, "right password"));
    expectRefused(await loginOnce(`/api/rooms/${roomId}/websocket`, nextAddress(), email, "guess 11"));
  });

  it("refuses one address after 30 failures over many sockets and accounts, and only that address", async () => {
    const guesser = nextAddress();
    const victims = await Promise.all([signUp(), signUp(), signUp(), signUp()]);
    // Eight tries per account stays under the account limit: the address is what runs out.
    for (let i = 0; i < 30; i++) {
      const victim = victims[i % victims.length] as { email: string };
      const result = await loginOnce(`/api/websocket?shard=${i % 16}`, guesser, victim.email, `guess ${i}`);
      expect(result.error).toMatchObject({ error: 403 });
    }
    const owner = victims[0] as { email: string };
    expectRefused(await loginOnce("/api/websocket", guesser, owner.email, "right password"));
    // A name with no account is refused alike: nothing tells which exist.
    expectRefused(await loginOnce("/api/websocket", guesser, uniqueEmail(), "x"));
    // The owner, from their own address, still gets in.
    const own = await loginOnce("/api/websocket", nextAddress(), owner.email, "right password");
    expect(own.error).toBeUndefined();
  });

  it("locks names without an account after 10 tries, as it would an account", async () => {
    const email = uniqueEmail();
    for (let i = 0; i < 10; i++) {
      const result = await loginOnce("/api/websocket", nextAddress(), email, `guess ${i}`);
      expect(result.error).toMatchObject({ error: 403 });
    }
    expectRefused(await loginOnce("/api/websocket", nextAddress(), email, "guess"));
  });

  it("keeps the per-connection rule: 5 login calls per 10 s on one socket", async () => {
    const { email } = await signUp();
    const { socket } = await DdpSocket.connect("/api/websocket");
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await socket.call("login", [{ user: { email }, password: `g${i}` }]));
    expect(answers.slice(0, 5).every((a) => (a.error as { error: unknown }).error === 403)).toBe(true);
    expect(answers[5]?.error).toMatchObject({ error: "too-many-requests" });
    socket.close();
  });

  it("clears the account's count after a right password", async () => {
    const { email } = await signUp();
    for (let i = 0; i < 9; i++) await loginOnce("/api/websocket", nextAddress(), email, `guess ${i}`);
    expect((await loginOnce("/api/websocket", nextAddress(), email, "right password")).error).toBeUndefined();
    // Nine more wrong ones would have been refused without the reset.
    for (let i = 0; i < 9; i++) {
      const result = await loginOnce("/api/websocket", nextAddress(), email, `again ${i}`);
      expect(result.error).toMatchObject({ error: 403 });
    }
  });

  it("lets a reset by e-mail link through a locked account, and lifts the lock", async () => {
    const { email } = await signUp();
    for (let i = 0; i < 10; i++) await loginOnce("/api/websocket", nextAddress(), email, `guess ${i}`);
    expectRefused(await loginOnce("/api/websocket", nextAddress(), email, "right password"));

    const { socket } = await DdpSocket.connect("/api/websocket");
    await socket.call("forgotPassword", [{ email }]);
    const token = await mailedToken(email, "reset-password");
    const reset = await socket.call("resetPassword", [token, "brand new password"]);
    expect(reset.error).toBeUndefined();
    socket.close();
    expect((await loginOnce("/api/websocket", nextAddress(), email, "brand new password")).error).toBeUndefined();
  });
});

describe("resetPassword on a connection signed in as that user", () => {
  it("answers, keeps this connection signed in on its new token, and closes the user's other sessions", async () => {
    const { email, id } = await signUp();
    const { socket: other } = await DdpSocket.connect("/api/websocket");
    expect((await other.call("login", [{ user: { email }, password: "right password" }])).error).toBeUndefined();
    const { socket } = await DdpSocket.connect("/api/websocket");
    expect((await socket.call("login", [{ user: { email }, password: "right password" }])).error).toBeUndefined();

    await socket.call("forgotPassword", [{ email }]);
    const token = await mailedToken(email, "reset-password");
    const reset = await socket.call("resetPassword", [token, "after reset"]);
    expect(reset.result).toMatchObject({ id, token: expect.any(String) });
    await expect.poll(() => other.closed?.code).toBe(4002);
    // Still open and signed in as the user: its own document comes.
    expect(socket.closed).toBeNull();
    const sub = await socket.subscribe("user");
    expect(sub.msg).toBe("ready");
    expect(socket.received.some((m) => m.msg === "added" && m.collection === "users" && m.id === id)).toBe(true);
    socket.close();
  });
});

describe("edge limit on live-connection upgrades", () => {
  it("answers 429 with Retry-After past 120 upgrades a minute from one address, before any Durable Object", async () => {
    const flooder = nextAddress();
    // The room is made first, so its socket is tried right after the refusal, in the same window.
    const roomId = await createRoom();
    let opened = 0;
    let refused: Response | null = null;
    const sockets: WebSocket[] = [];
    while (opened < 400) {
      const response = await SELF.fetch("http://stockroom.test/api/websocket", {
        headers: { Upgrade: "websocket", "CF-Connecting-IP": flooder },
      });
      if (response.status === 429) {
        refused = response;
        break;
      }
      expect(response.status).toBe(101);
      response.webSocket?.accept();
      if (response.webSocket) sockets.push(response.webSocket);
      opened++;
    }
    // Rooms' sockets count in the same budget, and other addresses are not affected.
    const room = await SELF.fetch(`http://stockroom.test/api/rooms/${roomId}/websocket`, {
      headers: { Upgrade: "websocket", "CF-Connecting-IP": flooder },
    });
    for (const ws of sockets) ws.close(1000, "test done");
    // A slow run may cross into a fresh window, so at least the limit, not exactly it.
    expect(opened).toBeGreaterThanOrEqual(120);
    expect(refused?.status).toBe(429);
    expect(refused?.headers.get("Retry-After")).toBe("60");
    expect(room.status).toBe(429);
    const other = await DdpSocket.connect("/api/websocket");
    await other.socket.roundTrip();
    other.socket.close();
  }, 120_000);
});

describe("a plain DDP client that reconnects without naming a shard", () => {
  it("reaches the same HomeDO shard, resumes its session, and its re-sent call has one effect", async () => {
    const address = nextAddress();
    const { id: userId, token } = await (async () => {
      const { socket } = await DdpSocket.connect("/api/websocket", undefined, address);
      const created = await socket.call("createUser", [{ email: uniqueEmail(), password: "pw" }]);
      socket.close();
      return created.result as { id: string; token: string };
    })();
    const first = await DdpSocket.connect("/api/websocket", undefined, address);
    await first.socket.call("login", [{ resume: token }]);
    const created = await first.socket.call("rooms.create", ["Resumed room"], "create-1");
    const roomId = created.result as string;
    first.socket.close();

    const again = await DdpSocket.connect("/api/websocket", first.session, address);
    expect(again.session).toBe(first.session);
    // As a Meteor client does after a reconnect: log in again, then re-send what had no answer.
    await again.socket.call("login", [{ resume: token }]);
    const resent = await again.socket.call("rooms.create", ["Resumed room"], "create-1");
    expect(resent.result).toBe(roomId);
    // This user's rooms of that name (the test files share one database).
    const rooms = await env.DB.prepare(
      "SELECT COUNT(*) AS n FROM rooms JOIN memberships ON memberships.room_id = rooms.id WHERE memberships.user_id = ? AND rooms.name = 'Resumed room'",
    )
      .bind(userId)
      .first<{ n: number }>();
    expect(rooms?.n).toBe(1);
    again.socket.close();
  });
});
