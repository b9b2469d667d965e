/**
 * Interop: the npm package `ddp` (DDPClient), an old and widely used Node
 * DDP client nobody here wrote, against the real server (wrangler dev on
 * the built app) through a proxy that cuts the line. It keeps collections
 * from added/changed/removed, and on a reconnect only calls its connect
 * callback again: the app logs in again, subscribes again and sends again
 * whatever got no answer — as apps using it do. A re-sent insert carries
 * the same randomSeed, so it makes the same document once, with the id
 * Meteor's own Random derives from that seed.
 */
import { randomBytes } from "node:crypto";
import { createRequire } from "node:module";
import DDPClient from "ddp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CuttingProxy, cuttingProxy } from "../support/cutting-proxy";
import { eventually, passwordDigest } from "../support/eventually";
import { type RunningServer, startServer } from "../support/server";

const MeteorRandom = createRequire(import.meta.url)("meteor-standalone-random") as {
  createWithSeeds(...seeds: string[]): { id(): string };
};

let server: RunningServer;
let proxy: CuttingProxy;
const clients: DDPClient[] = [];

beforeAll(async () => {
  server = await startServer();
  proxy = await cuttingProxy(server.url.replace("http", "ws"));
});
afterAll(async () => {
  for (const client of clients) client.close();
  await proxy?.close();
  await server?.stop();
});

/** A promise for one call's answer: rejects with the DDP error, as callers of `ddp` handle it. */
function call(client: DDPClient, name: string, ...params: unknown[]): Promise<unknown> {
  return new Promise((resolve, reject) =>
    client.call(name, params, (error, result) => (error ? reject(error) : resolve(result))),
  );
}

function callWithSeed(client: DDPClient, seed: string, name: string, ...params: unknown[]): Promise<unknown> {
  return new Promise((resolve, reject) =>
    client.callWithRandomSeed(name, params, seed, (error, result) => (error ? reject(error) : resolve(result))),
  );
}

function subscribe(client: DDPClient, name: string, ...params: unknown[]): Promise<void> {
  return new Promise((resolve, reject) =>
    client.subscribe(name, params, (error) => (error ? reject(error) : resolve())),
  );
}

/** Connects; `onEveryConnect` runs after each (re)connection, where apps using `ddp` log in and subscribe. */
function connect(path: string, onEveryConnect: (client: DDPClient) => Promise<void> = async () => {}) {
  const client = new DDPClient({ url: `${proxy.url}${path}`, autoReconnectTimer: 300, maintainCollections: true });
  clients.push(client);
  let connections = 0;
  const first = new Promise<void>((resolve, reject) =>
    client.connect((error) => {
      if (error) return reject(error);
      connections++;
      onEveryConnect(client).then(resolve, reject);
    }),
  );
  return { client, first, connections: () => connections };
}

const docs = (client: DDPClient, collection: string) => Object.values(client.collections[collection] ?? {});

describe("ddp (DDPClient)", () => {
  it("signs up, logs in, resumes in a room, writes by methods and allow/deny, and recovers a cut line", async () => {
    const email = `ddpnpm${Date.now()}@example.com`;
    const password = passwordDigest("ddp password");
    const home = connect("/api/websocket");
    await home.first;
    await call(home.client, "createUser", { email, password });
    const login = (await call(home.client, "login", { user: { email }, password })) as { id: string; token: string };
    expect(login).toMatchObject({ id: expect.any(String), token: expect.any(String) });
    // Meteor's universal publication: the user's own document, with no subscription.
    await eventually(
      () => home.client.collections.users?.[login.id],
      (user) => (user?.emails as { address: string }[] | undefined)?.[0]?.address === email,
    );
    const roomId = (await call(home.client, "rooms.create", "DDP room")) as string;

    let subscribed = 0;
    const room = connect(`/api/rooms/${roomId}/websocket`, async (client) => {
      await call(client, "login", { resume: login.token });
      await subscribe(client, "items");
      subscribed++;
    });
    await room.first;
    const items = () => docs(room.client, "items");

    const lampId = (await call(room.client, "items.add", { title: "Lamp" })) as string;
    await eventually(items, (list) => list.some((doc) => doc._id === lampId && doc.title === "Lamp"));
    await call(room.client, "items.update", lampId, { quantity: 3 });
    await eventually(items, (list) => list.some((doc) => doc._id === lampId && doc.quantity === 3));

    // Collection writes checked by the room's allow/deny rules.
    const shelfId = (await call(room.client, "/items/insert", { title: "Shelf" })) as string;
    expect(shelfId).toEqual(expect.any(String));
    expect(await call(room.client, "/items/update", { _id: shelfId }, { $push: { tags: "oak" } })).toBe(1);
    await eventually(items, (list) => list.some((doc) => doc._id === shelfId && String(doc.tags) === "oak"));
    await expect(
      call(room.client, "/items/update", { _id: shelfId }, { $set: { createdBy: "x" } }),
    ).rejects.toMatchObject({ error: 403 });
    expect(await call(room.client, "/items/remove", { _id: shelfId })).toBe(1);
    await eventually(items, (list) => !list.some((doc) => doc._id === shelfId));

    // A seeded insert is applied, then the line is cut. An app that cannot tell whether a call got through
    // (`ddp` never settles a seeded call whose socket closed) sends it again with the same seed once back:
    // that must give the same document, not a second one.
    const seed = randomBytes(10).toString("hex");
    const firstId = await callWithSeed(room.client, seed, "/items/insert", { title: "Basement lamp" });
    proxy.cut(2000);
    await eventually(room.connections, (count) => count >= 2, 30_000);
    await eventually(
      () => subscribed,
      (count) => count >= 2,
    );
    const resentId = await callWithSeed(room.client, seed, "/items/insert", { title: "Basement lamp" });
    // The id is the one Meteor's Random derives from the seed for this collection, and there is one such item.
    expect(resentId).toBe(firstId);
    expect(resentId).toBe(MeteorRandom.createWithSeeds(seed, "/collection/items").id());
    await eventually(items, (list) => list.filter((doc) => doc.title === "Basement lamp").length === 1);
    expect(items().filter((doc) => doc._id === resentId)).toHaveLength(1);
    expect(items().some((doc) => doc._id === lampId && doc.quantity === 3)).toBe(true);

    await call(room.client, "logout");
    await eventually(
      () => room.client.collections.users?.[login.id],
      (user) => user === undefined,
    );
  }, 90_000);
});
