/**
 * Interop: ddp.js, a DDP client from npm that we did not write, connects to
 * the real server (wrangler dev on the built app), subscribes and calls a
 * method — what any existing DDP client needs to do.
 */
import DDP from "ddp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { type RunningServer, startServer } from "../support/server";

let server: RunningServer;

beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});

function waitFor(ddp: DDP, event: string, match: (m: Record<string, unknown>) => boolean) {
  return new Promise<Record<string, unknown>>((resolve) => ddp.on(event, (m) => match(m) && resolve(m)));
}

/**
 * Calls a method with both its answers listened for before it is sent: the
 * server may send `updated` before `result` (or in the same breath), and a
 * listener added after the first has come would wait for ever.
 */
function call(ddp: DDP, method: string, params: unknown[]) {
  let id = "";
  const result = waitFor(ddp, "result", (m) => m.id === id);
  const updated = waitFor(ddp, "updated", (m) => (m.methods as string[]).includes(id));
  id = ddp.method(method, params);
  return { id, result, updated };
}

/** Subscribes with its `ready` listened for before the `sub` is sent. */
function subscribe(ddp: DDP, name: string, params: unknown[]) {
  let id = "";
  const ready = waitFor(ddp, "ready", (m) => (m.subs as string[]).includes(id));
  id = ddp.sub(name, params);
  return ready;
}

describe("ddp.js against /api/websocket", () => {
  it("connects, signs up with Meteor's createUser, subscribes, calls a method and sees its data arrive", async () => {
    const ddp = new DDP({
      endpoint: `${server.url.replace("http", "ws")}/api/websocket`,
      SocketConstructor: WebSocket,
      autoReconnect: false,
    });
    // Listened for in the same turn: the socket opens in a later one.
    await waitFor(ddp, "connected", () => true);

    const signedUp = await call(ddp, "createUser", [{ email: "interop@example.com", password: "interop password" }])
      .result;
    expect(signedUp.result).toMatchObject({ id: expect.any(String), token: expect.any(String) });

    await subscribe(ddp, "rooms.list", []);

    const added = waitFor(ddp, "added", (m) => m.collection === "rooms");
    const create = call(ddp, "rooms.create", ["Interop room"]);
    const [result] = await Promise.all([create.result, create.updated]);

    expect(result.error).toBeUndefined();
    expect(result.result).toMatch(/^[A-Za-z0-9]{17}$/);
    const room = await added;
    expect(room.id).toBe(result.result);
    expect(room.fields).toMatchObject({ name: "Interop room" });

    const unknown = await call(ddp, "no.such.method", []).result;
    expect(unknown.error).toMatchObject({ error: 404, reason: "Method 'no.such.method' not found" });
    ddp.disconnect();
  });
});
