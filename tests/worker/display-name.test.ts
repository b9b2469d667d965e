/**
 * A person's chosen name (`accounts.setName`, Meteor's `profile.name`): it
 * is checked, it changes their own document, and it reaches the members
 * list and presence of every room they belong to while people watch.
 */
import { describe, expect, it } from "vitest";
import { connectToRoom, createRoom, DdpSocket, signUpUser } from "./ddp-socket";

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
});
