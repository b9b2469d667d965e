/**
 * The signed-in user's own document on every logged-in connection, as
 * Meteor's accounts send it (its universal publication): `added` with no
 * `sub`, with `emails`, `profile` and `username` only; `changed` when an
 * address is verified; `removed` on logout. The named `user` publication
 * keeps working beside it.
 */
import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { connectToRoom, createRoom, DdpSocket } from "./ddp-socket";

let emails = 0;

async function verifyToken(to: string): Promise<string> {
  let text = "";
  await expect
    .poll(async () => {
      const mails = (await (await SELF.fetch("http://stockroom.test/api/dev/outbox")).json()) as {
        to: string;
        text: string;
      }[];
      text = mails.find((mail) => mail.to === to && mail.text.includes("#/verify-email/"))?.text ?? "";
      return text;
    })
    .not.toBe("");
  return /#\/verify-email\/([A-Za-z0-9_-]+)/.exec(text)?.[1] as string;
}

const userMessages = (socket: DdpSocket) => socket.received.filter((m) => m.collection === "users");

describe("the current user's document (Meteor's universal publication)", () => {
  it("is added on login without a sub, changed when the address is verified, and removed on logout", async () => {
    const email = `current${Date.now()}-${emails++}@example.com`;
    const { socket } = await DdpSocket.connect("/api/websocket");
    const created = await socket.call("createUser", [{ email, password: "current pw" }]);
    const userId = (created.result as { id: string }).id;
    const added = await socket.next((m) => m.msg === "added" && m.collection === "users" && m.id === userId);
    expect(added.fields).toEqual({ emails: [{ address: email, verified: false }], profile: {} });

    await socket.call("verifyEmail", [await verifyToken(email)]);
    const changed = await socket.next((m) => m.msg === "changed" && m.collection === "users" && m.id === userId);
    expect(changed.fields).toEqual({ emails: [{ address: email, verified: true }] });

    await socket.call("logout");
    await socket.next((m) => m.msg === "removed" && m.collection === "users" && m.id === userId);
    // Nothing about the user is left on the connection, and nothing was sent twice.
    expect(userMessages(socket).map((m) => m.msg)).toEqual(["added", "changed", "removed"]);
    socket.close();
  });

  it("comes with a login on a room's connection too, and the named user publication still works beside it", async () => {
    const roomId = await createRoom();
    const { socket } = await connectToRoom(roomId);
    const added = await socket.next((m) => m.msg === "added" && m.collection === "users");
    expect(Object.keys(added.fields as object).sort()).toEqual(["emails", "profile"]);
    // The app's own `user` subscription adds the rest of the document (createdAt) through the merge box.
    expect((await socket.subscribe("user")).msg).toBe("ready");
    const more = userMessages(socket).filter((m) => m.msg === "changed");
    expect(more.map((m) => Object.keys(m.fields as object))).toEqual([["createdAt"]]);
    socket.close();
  });

  it("follows a change made through another object: the address verified on the home connection reaches an open room", async () => {
    const email = `elsewhere${Date.now()}-${emails++}@example.com`;
    const { socket: home } = await DdpSocket.connect("/api/websocket");
    const created = await home.call("createUser", [{ email, password: "elsewhere pw" }]);
    const { id: userId, token } = created.result as { id: string; token: string };
    const roomId = (await home.call("rooms.create", ["Elsewhere"])).result as string;
    const { socket: room } = await connectToRoom(roomId, { token });
    const added = await room.next((m) => m.msg === "added" && m.collection === "users" && m.id === userId);
    expect(added.fields).toMatchObject({ emails: [{ address: email, verified: false }] });

    await home.call("verifyEmail", [await verifyToken(email)]);
    const changed = await room.next((m) => m.msg === "changed" && m.collection === "users" && m.id === userId);
    expect(changed.fields).toEqual({ emails: [{ address: email, verified: true }] });
    for (const socket of [home, room]) socket.close();
  });

  it("is not sent to a connection that is not logged in", async () => {
    const { socket } = await DdpSocket.connect("/api/websocket");
    await socket.roundTrip();
    expect(userMessages(socket)).toEqual([]);
    socket.close();
  });
});
