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

describe("ddp.js against /api/websocket", () => {
  it("connects, signs up with Meteor's createUser, subscribes, calls a method and sees its data arrive", async () => {
    const ddp = new DDP({
      endpoint: `${server.url.replace("http", "ws")}/api/websocket`,
      SocketConstructor: WebSocket,
      autoReconnect: false,
    });
    await waitFor(ddp, "connected", () => true);

    const signUpId = ddp.method("createUser", [{ email: "interop@example.com", password: "interop password" }]);
    const signedUp = await waitFor(ddp, "result", (m) => m.id === signUpId);
    expect(signedUp.result).toMatchObject({ id: expect.any(String), token: expect.any(String) });

    const subId = ddp.sub("rooms.list", []);
    await waitFor(ddp, "ready", (m) => (m.subs as string[]).includes(subId));

    const added = waitFor(ddp, "added", (m) => m.collection === "rooms");
    const methodId = ddp.method("rooms.create", ["Interop room"]);
    const result = await waitFor(ddp, "result", (m) => m.id === methodId);
    await waitFor(ddp, "updated", (m) => (m.methods as string[]).includes(methodId));

    expect(result.error).toBeUndefined();
    expect(result.result).toMatch(/^[A-Za-z0-9]{17}$/);
    const room = await added;
    expect(room.id).toBe(result.result);
    expect(room.fields).toMatchObject({ name: "Interop room" });

    const unknownId = ddp.method("no.such.method", []);
    const unknown = await waitFor(ddp, "result", (m) => m.id === unknownId);
    expect(unknown.error).toMatchObject({ error: 404, reason: "Method 'no.such.method' not found" });
    ddp.disconnect();
  });
});
