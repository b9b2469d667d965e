/**
 * Interop: simpleddp with its login plugin, a DDP client nobody here wrote,
 * against the real server (wrangler dev on the built app) through a proxy
 * that cuts the line: createUser and login with the SHA-256 digest as
 * Meteor's clients send it, resume on a room's connection, the user's own
 * document without subscribing, items added/changed/removed by methods and
 * by allow/deny collection writes, and — after the line is cut and refused
 * for two seconds — the client's own reconnect, re-login, resubscribe and
 * the method it queued meanwhile, applied once.
 */
import SimpleDDP from "simpleddp";
import { simpleDDPLogin } from "simpleddp-plugin-login";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { type CuttingProxy, cuttingProxy } from "../support/cutting-proxy";
import { eventually, passwordDigest } from "../support/eventually";
import { type RunningServer, startServer } from "../support/server";

let server: RunningServer;
let proxy: CuttingProxy;
const clients: SimpleDDP[] = [];

beforeAll(async () => {
  server = await startServer();
  proxy = await cuttingProxy(server.url.replace("http", "ws"));
});
afterAll(async () => {
  for (const client of clients) await client.disconnect().catch(() => {});
  await proxy?.close();
  await server?.stop();
});

function client(path: string): SimpleDDP {
  const ddp = new SimpleDDP({ endpoint: `${proxy.url}${path}`, SocketConstructor: WebSocket, reconnectInterval: 300 }, [
    simpleDDPLogin,
  ]);
  clients.push(ddp);
  return ddp;
}

describe("simpleddp + simpleddp-plugin-login", () => {
  it("signs up, logs in, works in a room through allow/deny and methods, and survives a cut line", async () => {
    const email = `simpleddp${Date.now()}@example.com`;
    const home = client("/api/websocket");
    await home.connect();
    const password = passwordDigest("simple password");
    await home.call("createUser", { email, password });
    const login = await home.login({ user: { email }, password });
    expect(login).toMatchObject({ id: expect.any(String), token: expect.any(String) });
    const roomId = (await home.call("rooms.create", "Simple room")) as string;

    const room = client(`/api/rooms/${roomId}/websocket`);
    await room.connect();
    await room.login({ resume: login.token });
    // The user's own document, with no subscription (Meteor's universal publication). simpleddp keeps ids as `id`.
    await eventually(
      () => room.collection("users").fetch(),
      (users) => users.some((user) => user.id === login.id),
    );

    const items = room.collection("items");
    await room.subscribe("items").ready();
    const lampId = (await room.call("items.add", { title: "Lamp" })) as string;
    await eventually(
      () => items.fetch(),
      (docs) => docs.some((doc) => doc.id === lampId && doc.title === "Lamp"),
    );
    await room.call("items.update", lampId, { quantity: 3 });
    await eventually(
      () => items.fetch().find((doc) => doc.id === lampId),
      (doc) => doc?.quantity === 3,
    );

    // Meteor's collection writes, checked by the room's allow/deny rules.
    expect(await room.call("/items/update", { _id: lampId }, { $set: { location: "Shelf B3" } })).toBe(1);
    await eventually(
      () => items.fetch().find((doc) => doc.id === lampId),
      (doc) => doc?.location === "Shelf B3",
    );
    await expect(room.call("/items/update", { _id: lampId }, { $set: { createdBy: "someone" } })).rejects.toMatchObject(
      { error: 403 },
    );
    const shelfId = (await room.call("/items/insert", { title: "Shelf" })) as string;
    await eventually(
      () => items.fetch(),
      (docs) => docs.some((doc) => doc.id === shelfId && doc.title === "Shelf"),
    );

    // The line is cut and refused for two seconds; a method made meanwhile waits in the client's queue.
    // The drop is listened for before the cut: the client is back two seconds later, and a test
    // that looked for "not connected" by polling could look only after that.
    const dropped = new Promise<void>((resolve) => {
      const listener = room.on("disconnected", () => {
        listener.stop();
        resolve();
      });
    });
    proxy.cut(2000);
    await dropped;
    expect(room.connected).toBe(false);
    const queued = room.call("items.add", { title: "Basement lamp" });
    const basementId = (await queued) as string;
    // Back: logged in again, the subscription restarted, the queued method applied once.
    await eventually(
      () => items.fetch(),
      (docs) => docs.some((doc) => doc.id === lampId) && docs.some((doc) => doc.id === basementId),
    );
    expect(items.fetch().filter((doc) => doc.title === "Basement lamp")).toHaveLength(1);

    expect(await room.call("/items/remove", { _id: lampId })).toBe(1);
    await eventually(
      () => items.fetch(),
      (docs) => !docs.some((doc) => doc.id === lampId),
    );
    await room.logout();
    await eventually(
      () => room.collection("users").fetch(),
      (users) => !users.some((user) => user.id === login.id),
    );
  }, 90_000);
});
