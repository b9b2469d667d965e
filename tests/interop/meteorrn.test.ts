/**
 * Interop: @meteorrn/core, Meteor's own client logic for React Native (its
 * DDP, Minimongo collections and accounts), bundled for Node with stubs for
 * React Native (tests/support/meteorrn-bundle.ts), against the real server
 * (wrangler dev on the built app) through a proxy that cuts the line.
 *
 * The library has one global connection. It signs up and logs in on the
 * home endpoint with the SHA-256 digest it computes itself; the user's own
 * document arrives with no subscription (Meteor's universal publication).
 * It then connects again, to a room's endpoint, and resumes by itself with
 * the token it stored. In the room: a subscription, named methods, and
 * Collection insert/update/remove checked by allow/deny — the insert's `_id`
 * is made by the client (the library sends it in the document, with no
 * `randomSeed`) and kept by the server. After a cut line it reconnects,
 * resumes and resubscribes on its own. Last, logout.
 *
 * What the library does that Meteor's own web client does not, and the
 * test therefore shows as it is: a call made while the line is down goes
 * out on the new connection *before* the library's resume login, so the
 * server (as Meteor's would) refuses it as an anonymous caller's; the app
 * makes it again once the library is logged in, and it is applied once.
 */
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from "vitest";
import WebSocket from "ws";
import { type CuttingProxy, cuttingProxy } from "../support/cutting-proxy";
import { eventually, passwordDigest } from "../support/eventually";
import {
  bundleMeteorRN,
  type Callback,
  type Frame,
  type MeteorDdp,
  type MeteorRN,
  type MeteorRNBundle,
} from "../support/meteorrn-bundle";
import { type RunningServer, startServer } from "../support/server";

/** Where the library keeps its login token (src/user/User.js). */
const TOKEN_KEY = "reactnativemeteor_usertoken";
/**
 * After a cut the line is refused for REFUSE_MS. The library's own retry interval (its `reconnectInterval`
 * option; 10 s by default) is set longer than that, so its first timed retry gets through: a refused retry
 * would empty its message queue, and with it the call the test queues.
 */
const REFUSE_MS = 2000;
const RECONNECT_MS = 3000;

let server: RunningServer;
let proxy: CuttingProxy;
let bundle: MeteorRNBundle;
let rn: MeteorRN;
const nativeWebSocket = globalThis.WebSocket;
/** Every connection the library made, to close each at the end. */
const lines: Line[] = [];

beforeAll(async () => {
  bundle = await bundleMeteorRN();
  server = await startServer();
  proxy = await cuttingProxy(server.url.replace("http", "ws"));
  // React Native has a global WebSocket, which the library opens its sockets with; in Node it is `ws`.
  globalThis.WebSocket = WebSocket as unknown as typeof globalThis.WebSocket;
  rn = bundle.load();
});
afterAll(async () => {
  for (const line of lines) line.ddp.disconnect();
  globalThis.WebSocket = nativeWebSocket;
  await proxy?.close();
  await server?.stop();
  bundle?.remove();
});

/** One of the library's DDP connections, with every frame it sent and received, in order each way. */
interface Line {
  ddp: MeteorDdp;
  sent: Frame[];
  received: Frame[];
  disconnects: number;
}

/** Watches the library's current connection (`Meteor.ddp`), through its socket wrapper's own frame events. */
function watch(): Line {
  const ddp = rn.Meteor.ddp;
  const line: Line = { ddp, sent: [], received: [], disconnects: 0 };
  ddp.socket.on("message:out", (frame) => line.sent.push(frame));
  ddp.socket.on("message:in", (frame) => line.received.push(frame));
  ddp.on("disconnected", () => line.disconnects++);
  lines.push(line);
  return line;
}

function connect(path: string): Line {
  rn.Meteor.connect(`${proxy.url}${path}`, { reconnectInterval: RECONNECT_MS });
  return watch();
}

const methodsSent = (line: Line, name: string) =>
  line.sent.filter((frame) => frame.msg === "method" && frame.method === name);
const answerTo = (line: Line, frame: Frame | undefined) =>
  line.received.find((answer) => answer.msg === "result" && answer.id === frame?.id);
const sessions = (line: Line) => line.received.filter((frame) => frame.msg === "connected");

/** Meteor.call with the library's callback, as a promise that rejects with the DDP error. */
function call(name: string, ...params: unknown[]): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const callback: Callback = (error, result) => (error ? reject(error) : resolve(result));
    rn.Meteor.call(name, ...params, callback);
  });
}

/** Runs one of the library's callback APIs to its callback, as a promise. */
function settled(start: (callback: Callback) => void): Promise<unknown> {
  return new Promise((resolve, reject) => start((error, result) => (error ? reject(error) : resolve(result))));
}

describe("@meteorrn/core", () => {
  it("signs up, logs in, resumes in a room, writes by methods and allow/deny, recovers a cut line, logs out", async () => {
    const { Meteor, Accounts, Mongo, AsyncStorage } = rn;
    const email = `meteorrn${Date.now()}@example.com`;
    const password = "react native password";
    const digest = passwordDigest(password);
    const home = connect("/api/websocket");
    onTestFailed(() => {
      for (const line of lines) console.log(JSON.stringify({ sent: line.sent, received: line.received }, null, 1));
    });

    // Sign-up and login with the library's own accounts code, which hashes the password itself.
    await settled((done) => Accounts.createUser({ email, password }, done));
    const signedUp = answerTo(home, methodsSent(home, "createUser")[0])?.result as { id?: string } | undefined;
    expect(signedUp?.id).toEqual(expect.any(String));
    const userId = signedUp?.id as string;
    await settled((done) => Meteor.loginWithPassword(email, password, done));
    const [login] = methodsSent(home, "login");
    expect(login?.params).toEqual([{ user: { email }, password: digest }]);
    expect(JSON.stringify(home.sent)).not.toContain(password);
    const loggedIn = answerTo(home, login)?.result as { id: string; token: string } | undefined;
    expect(loggedIn).toMatchObject({ id: userId, token: expect.any(String) });
    const token = loggedIn?.token as string;
    // Meteor.user(): the user's own document, which the server published with no subscription.
    await eventually(
      () => Meteor.user(),
      (user) => user?._id === userId,
    );
    expect(Meteor.userId()).toBe(userId);
    expect(Meteor.user()?.emails).toEqual([{ address: email, verified: false }]);
    expect(home.sent.filter((frame) => frame.msg === "sub")).toEqual([]);
    expect(await AsyncStorage.getItem(TOKEN_KEY)).toBe(token);
    const roomId = (await call("rooms.create", "React Native room")) as string;
    expect(roomId).toEqual(expect.any(String));

    // The library has one connection: close it, and connect to the room's endpoint. On connecting, it
    // clears its collections and resumes by itself with the token it stored.
    Meteor.disconnect();
    await eventually(
      () => home.disconnects,
      (count) => count === 1,
    );
    const room = connect(`/api/rooms/${roomId}/websocket`);
    await eventually(
      () => answerTo(room, methodsSent(room, "login")[0]),
      (answer) => answer !== undefined,
    );
    expect(methodsSent(room, "login").map((frame) => frame.params)).toEqual([[{ resume: token }]]);
    expect(answerTo(room, methodsSent(room, "login")[0])).toMatchObject({ result: { id: userId, token } });
    await eventually(
      () => Meteor.user(),
      (user) => user?._id === userId,
    );
    expect(room.received).toContainEqual(expect.objectContaining({ msg: "added", collection: "users", id: userId }));
    expect(room.sent.filter((frame) => frame.msg === "sub")).toEqual([]);

    // Items: a subscription into a Mongo.Collection, changed by named methods (no client stubs).
    const items = new Mongo.Collection("items");
    const subscription = Meteor.subscribe("items");
    await eventually(
      () => subscription.ready(),
      (ready) => ready,
    );
    const lampId = (await call("items.add", { title: "Lamp" })) as string;
    await eventually(
      () => items.find().fetch(),
      (docs) => docs.some((doc) => doc._id === lampId && doc.title === "Lamp" && doc.createdBy === userId),
    );
    await call("items.update", lampId, { quantity: 3 });
    await eventually(
      () => items.findOne(lampId),
      (doc) => doc?.quantity === 3,
    );

    // Collection writes, checked by the room's allow/deny rules. The library writes to its Minimongo at
    // once and calls /items/<write>, so the server's part is read from its frames.
    let shelfId = "";
    await settled((done) => {
      shelfId = items.insert({ title: "Shelf" }, done);
    });
    const [insert] = methodsSent(room, "/items/insert");
    // The id kept from the client: the library makes `_id` itself (no randomSeed) and the server keeps it.
    expect(insert).not.toHaveProperty("randomSeed");
    expect(insert?.params).toEqual([{ title: "Shelf", _id: shelfId }]);
    expect(answerTo(room, insert)?.result).toBe(shelfId);
    await eventually(
      () => items.findOne(shelfId),
      (doc) => doc?.createdBy === userId,
    );
    expect(room.received).toContainEqual(
      expect.objectContaining({ msg: "added", collection: "items", id: shelfId, fields: expect.anything() }),
    );
    await settled((done) => items.update(shelfId, { $set: { location: "Shelf B3" } }, done));
    expect(answerTo(room, methodsSent(room, "/items/update")[0])?.result).toBe(1);
    await eventually(
      () => room.received,
      (frames) =>
        frames.some(
          (frame) =>
            frame.msg === "changed" &&
            frame.id === shelfId &&
            (frame.fields as { location?: string }).location === "Shelf B3",
        ),
    );
    expect(items.findOne(shelfId)?.location).toBe("Shelf B3");
    // A server field is not the client's to write.
    await expect(settled((done) => items.update(lampId, { $set: { createdBy: "x" } }, done))).rejects.toMatchObject({
      error: 403,
    });
    await settled((done) => items.remove(shelfId, done));
    expect(answerTo(room, methodsSent(room, "/items/remove")[0])?.result).toBe(1);
    await eventually(
      () => room.received,
      (frames) => frames.some((frame) => frame.msg === "removed" && frame.id === shelfId),
    );
    expect(items.findOne(shelfId)).toBeUndefined();

    // The line is cut and refused for REFUSE_MS. The library tries again at once (refused), then after
    // RECONNECT_MS. Each close empties its message queue, so the call is made after that refused try.
    proxy.cut(REFUSE_MS);
    await eventually(
      () => room.disconnects,
      (count) => count >= 2,
    );
    expect(room.ddp.status).toBe("disconnected");
    const sentBefore = room.sent.length;
    // Its outcome is read after the reconnect; caught now, so the refusal is no unhandled rejection meanwhile.
    const queued = call("items.add", { title: "Basement lamp" }).then(
      (result) => ({ result }),
      (error: unknown) => ({ error }),
    );
    expect(room.sent.length).toBe(sentBefore);

    // Back on its own: a new session, the resume login, the subscription made again.
    await eventually(
      () => sessions(room).length,
      (count) => count === 2,
      30_000,
    );
    expect(await queued).toEqual({ error: expect.objectContaining({ error: 403 }) });
    const afterCut = room.sent.slice(sentBefore);
    const queuedFrame = afterCut.find((frame) => frame.method === "items.add");
    const resume = afterCut.find((frame) => frame.method === "login");
    expect(afterCut.filter((frame) => frame.method === "items.add")).toHaveLength(1);
    expect(resume?.params).toEqual([{ resume: token }]);
    // The library sent the queued call first, so the server answered it before the resume: not logged in.
    expect(afterCut.indexOf(queuedFrame as Frame)).toBeLessThan(afterCut.indexOf(resume as Frame));
    await eventually(
      () => answerTo(room, resume),
      (answer) => answer !== undefined,
    );
    expect(answerTo(room, resume)).toMatchObject({ result: { id: userId } });
    await eventually(
      () => Meteor.user(),
      (user) => user?._id === userId,
    );
    const resubscribed = afterCut.filter((frame) => frame.msg === "sub" && frame.name === "items");
    expect(resubscribed).toHaveLength(1);
    await eventually(
      () => room.received,
      (frames) =>
        frames.some(
          (frame) => frame.msg === "ready" && (frame.subs as string[]).includes(resubscribed[0]?.id as string),
        ),
    );
    await eventually(
      () => items.findOne(lampId),
      (doc) => doc?.quantity === 3,
    );
    expect(subscription.ready()).toBe(true);
    // The app makes the refused call again, now logged in: one item, with the id the server answered.
    const basementId = (await call("items.add", { title: "Basement lamp" })) as string;
    await eventually(
      () => items.find({ title: "Basement lamp" }).fetch(),
      (docs) => docs.length === 1 && docs[0]?._id === basementId,
    );

    // Logout: the server removes the user's document; the library forgets its token.
    subscription.stop();
    await settled((done) => Meteor.logout(done));
    await eventually(
      () => room.received,
      (frames) =>
        frames.some((frame) => frame.msg === "removed" && frame.collection === "users" && frame.id === userId),
    );
    expect(Meteor.user()).toBeNull();
    expect(Meteor.userId()).toBeNull();
    expect(await AsyncStorage.getItem(TOKEN_KEY)).toBeNull();
    // Logout opens a fresh, anonymous connection by itself and leaves the old one open: keep both to close.
    if (Meteor.ddp !== room.ddp) watch();
  }, 120_000);
});
