/**
 * A person's chosen name (`accounts.setName`, Meteor's `profile.name`): it
 * is checked, it changes their own document, and it reaches the members
 * list and presence of every room they belong to while people watch.
 */
import { describe, expect, it } from "vitest";
import { connectToRoom, createRoom, DdpSocket, signUpUser } from "./ddp-socket";
import { countRoomStatements } from "./statement-counter";

let counter = 0;
const uniqueEmail = () => `named${Date.now()}${counter++}@example.com`;

describe("a person's name", () => {
  it("reaches the members list and presence of an open room at once, and an empty name shows the address again", async () => {
    const roomId = await createRoom();
    const { socket: owner } = await connectToRoom(roomId);
    const sam = await signUpUser();
    expect((await owner.call("members.invite", [sam.email, "member"])).error).toBeUndefined();
    const { socket: samInRoom } = await connectToRoom(roomId, { token: sam.token });
    await owner.subscribe("members");
    await owner.subscribe("presence");

    // Sam names himself from his home connection, not the room's.
    const { socket: home } = await DdpSocket.connect("/api/websocket");
    await home.call("login", [{ resume: sam.token }]);
    expect((await home.call("accounts.setName", ["  Sam Jones "])).error).toBeUndefined();
    await owner.next(
      (m) => m.msg === "changed" && m.collection === "members" && m.id === sam.id && m.fields?.name === "Sam Jones",
    );
    await owner.next(
      (m) => m.collection === "presence" && m.id === sam.id && (m.fields as { label?: string })?.label === "Sam Jones",
    );

    expect((await home.call("accounts.setName", [""])).error).toBeUndefined();
    await owner.next(
      (m) => m.msg === "changed" && m.collection === "members" && m.id === sam.id && m.fields?.name === "",
    );
    home.close();
    samInRoom.close();
    owner.close();
  });

  it("refuses a name that is too long or holds control characters, and anyone signed out", async () => {
    const sam = await signUpUser();
    const { socket } = await DdpSocket.connect("/api/websocket");
    expect((await socket.call("accounts.setName", ["Sam"])).error).toMatchObject({ error: 401 });
    await socket.call("login", [{ resume: sam.token }]);
    expect((await socket.call("accounts.setName", ["x".repeat(81)])).error).toMatchObject({
      error: 400,
      reason: "Your name can be at most 80 characters",
    });
    expect((await socket.call("accounts.setName", ["Sam\u0007"])).error).toMatchObject({
      error: 400,
      reason: "Your name cannot hold control characters",
    });
    expect((await socket.call("accounts.setName", [42])).error).toMatchObject({ error: 400 });
    socket.close();
  });

  it("stores the same name only once (a second save or a re-sent call changes nothing)", async () => {
    const roomId = await createRoom();
    const { socket: owner } = await connectToRoom(roomId);
    const sam = await signUpUser();
    expect((await owner.call("members.invite", [sam.email, "member"])).error).toBeUndefined();
    const { socket } = await connectToRoom(roomId, { token: sam.token });
    const writes = await countRoomStatements(roomId, /update "users"/, sam.id);
    expect((await socket.call("accounts.setName", ["Sam"])).error).toBeUndefined();
    // The same name, as typed again (trimmed, it is the same): no write, nothing sent to the rooms.
    expect((await socket.call("accounts.setName", [" Sam "])).error).toBeUndefined();
    expect((await socket.call("accounts.setName", ["Sam"])).error).toBeUndefined();
    expect(await writes()).toBe(1);
    socket.close();
    owner.close();
  });

  it("refuses a flood of name changes on one connection with too-many-requests, not another connection", async () => {
    const sam = await signUpUser();
    const { socket } = await DdpSocket.connect("/api/websocket");
    await socket.call("login", [{ resume: sam.token }]);
    // Sent at once, so all fall in one 10 s window however slow the machine.
    const answers = await Promise.all(
      Array.from({ length: 11 }, (_, i) => socket.call("accounts.setName", [`Sam ${i}`])),
    );
    expect(answers.slice(0, 10).map((answer) => answer.error)).toEqual(Array(10).fill(undefined));
    expect(answers[10]?.error).toMatchObject({
      error: "too-many-requests",
      errorType: "Meteor.Error",
      details: { timeToReset: expect.any(Number) },
    });
    const { socket: other } = await DdpSocket.connect("/api/websocket");
    await other.call("login", [{ resume: sam.token }]);
    expect((await other.call("accounts.setName", ["Sam"])).error).toBeUndefined();
    other.close();
    socket.close();
  });

  it("holds a name given at sign-up (createUser's profile.name) to the same rules, trimmed", async () => {
    const { socket } = await DdpSocket.connect("/api/websocket");
    const tooLong = await socket.call("createUser", [
      { email: uniqueEmail(), password: "pw", profile: { name: "x".repeat(81) } },
    ]);
    expect(tooLong.error).toMatchObject({ error: 400, reason: "Your name can be at most 80 characters" });
    const control = await socket.call("createUser", [
      { email: uniqueEmail(), password: "pw", profile: { name: "Sam\u0007" } },
    ]);
    expect(control.error).toMatchObject({ error: 400, reason: "Your name cannot hold control characters" });
    const made = await socket.call("createUser", [
      { email: uniqueEmail(), password: "pw", profile: { name: "  Sam Jones ", shop: "Lamps" } },
    ]);
    expect(made.error).toBeUndefined();
    await socket.subscribe("user");
    const user = socket.received.find((m) => m.msg === "added" && m.collection === "users");
    expect((user?.fields as { profile?: unknown } | undefined)?.profile).toEqual({ name: "Sam Jones", shop: "Lamps" });
    socket.close();
  });
});
