import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { connectToRoom, createRoom, DdpSocket, ownerToken, signUpUser } from "./ddp-socket";
import { roomRow } from "./room-rows";

async function invite(roomId: string, email: string, role: string) {
  const { socket } = await connectToRoom(roomId);
  const result = await socket.call("members.invite", [email, role]);
  socket.close();
  return result;
}

describe("room access by role", () => {
  it("refuses everything in a room to signed-out callers and to non-members", async () => {
    const roomId = await createRoom();
    const stranger = await signUpUser();
    const { socket: anonymous } = await DdpSocket.connect(`/api/rooms/${roomId}/websocket`);
    const { socket: outsider } = await connectToRoom(roomId, { token: stranger.token });
    for (const socket of [anonymous, outsider]) {
      for (const name of ["room", "items", "members"]) {
        expect(await socket.subscribe(name, [], `${name}-sub`)).toMatchObject({
          msg: "nosub",
          error: { error: 403, reason: "Access denied" },
        });
      }
      expect((await socket.call("items.add", [{ title: "Sneaky" }])).error).toMatchObject({
        error: 403,
        reason: "Access denied",
      });
      expect((await socket.call("/items/insert", [{ title: "Sneaky" }])).error).toMatchObject({
        error: 403,
        reason: "Access denied",
      });
      expect((await socket.call("rooms.rename", ["Mine now"])).error).toMatchObject({ error: 403 });
      socket.close();
    }
    const items = await roomRow<{ n: number }>(roomId, "SELECT COUNT(*) AS n FROM items WHERE room_id = ?", roomId);
    expect(items?.n).toBe(0);
  });

  it("lets a viewer read but not write, and a member write but not manage", async () => {
    const roomId = await createRoom();
    const viewer = await signUpUser();
    const member = await signUpUser();
    expect((await invite(roomId, viewer.email, "viewer")).error).toBeUndefined();
    expect((await invite(roomId, member.email, "member")).error).toBeUndefined();

    const { socket: asViewer } = await connectToRoom(roomId, { token: viewer.token });
    expect((await asViewer.subscribe("items", [], "items")).msg).toBe("ready");
    expect((await asViewer.call("items.add", [{ title: "Nope" }])).error).toMatchObject({
      error: 403,
      reason: "Access denied",
    });

    const { socket: asMember } = await connectToRoom(roomId, { token: member.token });
    const added = await asMember.call("items.add", [{ title: "Made by a member" }]);
    expect(added.error).toBeUndefined();
    await asViewer.next((m) => m.msg === "added" && m.id === added.result);
    expect((await asMember.call("members.invite", ["x@example.com", "member"])).error).toMatchObject({ error: 403 });
    expect((await asMember.call("rooms.delete")).error).toMatchObject({ error: 403 });
    asViewer.close();
    asMember.close();
  });

  it("lists only the caller's own rooms, live", async () => {
    const roomId = await createRoom("Owner's room");
    const other = await signUpUser();
    const { socket } = await DdpSocket.connect("/api/websocket?shard=11");
    await socket.call("login", [{ resume: other.token }]);
    await socket.subscribe("rooms.list", [], "mine");
    expect(socket.received.some((m) => m.msg === "added" && m.id === roomId)).toBe(false);
    const own = (await socket.call("rooms.create", ["Other's room"])).result as string;
    expect(socket.received.some((m) => m.msg === "added" && m.id === own)).toBe(true);
    socket.close();
  });
});

describe("membership", () => {
  it("invites a new address with an enroll link; setting the password lets them in", async () => {
    const roomId = await createRoom("Ceramics");
    const email = `newcomer${Date.now()}@example.com`;
    const invited = await invite(roomId, email, "member");
    expect(typeof invited.result).toBe("string");
    const outbox = (await (await SELF.fetch("http://stockroom.test/api/dev/outbox")).json()) as {
      to: string;
      subject: string;
      text: string;
    }[];
    const mail = outbox.find((m) => m.to === email);
    // Named by who invited (the owner's address) and the room; the link opens that room.
    expect(mail?.subject).toMatch(/^user\d+-\d+@example\.com invited you to Ceramics on Stockroom$/);
    expect(mail?.text).toContain(`/rooms/${roomId}#/enroll-account/`);
    const token = /#\/enroll-account\/([A-Za-z0-9_-]+)/.exec(mail?.text ?? "")?.[1] as string;
    const life = await env.DB.prepare(
      "SELECT expires_at - created_at AS life FROM account_tokens WHERE kind = 'enroll' AND email = ?",
    )
      .bind(email)
      .first<{ life: number }>();
    expect(life?.life).toBe(30 * 24 * 3600_000);

    const { socket } = await DdpSocket.connect("/api/websocket?shard=12");
    const login = await socket.call("resetPassword", [token, "my new password"]);
    expect(login.error).toBeUndefined();
    await socket.subscribe("rooms.list", [], "mine");
    expect(socket.received.find((m) => m.msg === "added" && m.id === roomId)?.fields).toMatchObject({
      name: "Ceramics",
    });
    socket.close();
  });

  it("publishes members, changes roles, and removes a member (closing their connections)", async () => {
    const roomId = await createRoom();
    const person = await signUpUser();
    const { socket: owner } = await connectToRoom(roomId);
    await owner.subscribe("members", [], "members");
    await owner.call("members.invite", [person.email, "viewer"]);
    const added = await owner.next((m) => m.msg === "added" && m.collection === "members" && m.id === person.id);
    expect(added.fields).toMatchObject({ role: "viewer", email: person.email, joined: true });

    const { socket: theirs } = await connectToRoom(roomId, { token: person.token });
    expect((await theirs.call("items.add", [{ title: "x" }])).error).toMatchObject({ error: 403 });
    await owner.call("members.setRole", [person.id, "member"]);
    expect((await owner.next((m) => m.msg === "changed" && m.id === person.id)).fields).toEqual({ role: "member" });
    expect((await theirs.call("items.add", [{ title: "Now allowed" }])).error).toBeUndefined();

    const ownerId = (await owner.call("login", [{ resume: ownerToken(roomId) }])).result as { id: string };
    expect((await owner.call("members.setRole", [ownerId.id, "viewer"])).error).toMatchObject({ error: 403 });
    expect((await owner.call("members.invite", [person.email, "member"])).error).toMatchObject({ error: 409 });

    await owner.call("members.remove", [person.id]);
    await owner.next((m) => m.msg === "removed" && m.id === person.id);
    await expect.poll(() => theirs.closed?.code).toBe(4003);
    const { socket: again } = await connectToRoom(roomId, { token: person.token });
    expect((await again.subscribe("items", [], "i")).msg).toBe("nosub");
    owner.close();
    again.close();
  });

  it("lets the owner delete the room, and nobody else", async () => {
    const roomId = await createRoom();
    const admin = await signUpUser();
    await invite(roomId, admin.email, "admin");
    const { socket: asAdmin } = await connectToRoom(roomId, { token: admin.token });
    expect((await asAdmin.call("rooms.delete")).error).toMatchObject({ error: 403 });
    const { socket: owner } = await connectToRoom(roomId);
    expect((await owner.call("rooms.delete")).error).toBeUndefined();
    expect(await env.DB.prepare("SELECT id FROM rooms WHERE id = ?").bind(roomId).first()).toBeNull();
    const memberships = await env.DB.prepare("SELECT COUNT(*) AS n FROM memberships WHERE room_id = ?")
      .bind(roomId)
      .first<{ n: number }>();
    expect(memberships?.n).toBe(0);
    asAdmin.close();
  });
});
