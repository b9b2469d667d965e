import { describe, expect, it } from "vitest";
import { DdpSocket } from "./ddp-socket";

describe("DDP handshake", () => {
  it("answers connect with connected and a session id", async () => {
    const socket = await DdpSocket.open("/api/websocket");
    socket.send({ msg: "connect", version: "1", support: ["1"] });
    const connected = await socket.next((m) => m.msg === "connected");
    expect(connected.session).toMatch(/^[0-9a-f]{32}$/);
    socket.close();
  });

  it("fails a version it does not speak, naming the one it does", async () => {
    const socket = await DdpSocket.open("/api/websocket");
    socket.send({ msg: "connect", version: "pre2", support: ["pre2", "pre1"] });
    const failed = await socket.next((m) => m.msg === "failed");
    expect(failed.version).toBe("1");
  });

  it("fails a connect whose version is not in its support list", async () => {
    const socket = await DdpSocket.open("/api/websocket");
    socket.send({ msg: "connect", version: "1", support: ["pre1"] });
    expect((await socket.next((m) => m.msg === "failed")).version).toBe("1");
  });

  it("refuses messages before connect, then connects normally", async () => {
    const socket = await DdpSocket.open("/api/websocket");
    socket.send({ msg: "sub", id: "a", name: "rooms.list" });
    const error = await socket.next((m) => m.msg === "error");
    expect(error.reason).toBe("Must connect first");
    socket.send({ msg: "connect", version: "1", support: ["1"] });
    await socket.next((m) => m.msg === "connected");
    socket.close();
  });

  it("answers a second connect with Already connected", async () => {
    const { socket } = await DdpSocket.connect("/api/websocket");
    socket.send({ msg: "connect", version: "1", support: ["1"] });
    expect((await socket.next((m) => m.msg === "error")).reason).toBe("Already connected");
    await socket.roundTrip();
    socket.close();
  });

  it("echoes ping ids in pong", async () => {
    const { socket } = await DdpSocket.connect("/api/websocket");
    socket.send({ msg: "ping", id: "abc" });
    expect(await socket.next((m) => m.msg === "pong")).toEqual({ msg: "pong", id: "abc" });
    socket.close();
  });
});

describe("malformed input", () => {
  const cases: [string, string | ArrayBuffer, string][] = [
    ["text that is not JSON", "{not json", "Parse error"],
    ["random bytes in a binary frame", crypto.getRandomValues(new Uint8Array(64)).buffer, "Parse error"],
    ["a JSON array", "[1,2,3]", "Bad request"],
    ["an object without msg", '{"id":"1"}', "Bad request"],
    ["an unknown msg", '{"msg":"launch"}', "Bad request"],
    ["a number for msg", '{"msg":7}', "Bad request"],
    ["a sub without a name", '{"msg":"sub","id":"1"}', "Malformed subscription"],
    ["a sub with object params", '{"msg":"sub","id":"1","name":"x","params":{}}', "Malformed subscription"],
    ["an unsub without an id", '{"msg":"unsub"}', "Malformed subscription"],
    ["a method with a numeric id", '{"msg":"method","id":1,"method":"x"}', "Malformed method invocation"],
    [
      "a method with string params",
      '{"msg":"method","id":"1","method":"x","params":"a"}',
      "Malformed method invocation",
    ],
    [
      "a method with a numeric randomSeed",
      '{"msg":"method","id":"1","method":"x","params":[],"randomSeed":5}',
      "Malformed method invocation",
    ],
  ];

  for (const [what, frame, reason] of cases) {
    it(`answers ${what} with "${reason}" and stays usable`, async () => {
      const { socket } = await DdpSocket.connect("/api/websocket");
      socket.sendRaw(frame);
      const error = await socket.next((m) => m.msg === "error");
      expect(error.reason).toBe(reason);
      await socket.roundTrip();
      socket.close();
    });
  }

  it("refuses a huge frame with a clear error and stays usable", async () => {
    const { socket } = await DdpSocket.connect("/api/websocket");
    socket.send({ msg: "method", id: "big", method: "rooms.create", params: ["x".repeat(5 * 1024 * 1024)] });
    expect((await socket.next((m) => m.msg === "error")).reason).toBe("Message too large");
    await socket.roundTrip();
    socket.close();
  });

  it("answers unknown methods and subscriptions with 404, and sends updated for the method", async () => {
    const { socket } = await DdpSocket.connect("/api/websocket");
    const result = await socket.call("nope", [], "m1");
    expect(result.error).toMatchObject({ error: 404, reason: "Method 'nope' not found", errorType: "Meteor.Error" });
    const nosub = await socket.subscribe("nothing", [], "s1");
    expect(nosub).toMatchObject({
      msg: "nosub",
      id: "s1",
      error: { error: 404, reason: "Subscription 'nothing' not found" },
    });
    socket.close();
  });

  it("answers wrong argument types with a clear 400", async () => {
    const { socket } = await DdpSocket.connect("/api/websocket");
    const result = await socket.call("rooms.create", [42]);
    expect(result.error).toMatchObject({ error: 400, reason: "Room name must be text" });
    const empty = await socket.call("rooms.create", ["   "]);
    expect(empty.error).toMatchObject({ error: 400, reason: "Room name is required" });
    socket.close();
  });
});
