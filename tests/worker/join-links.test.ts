import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { connectToRoom, createRoom, DdpSocket, signUpUser } from "./ddp-socket";

async function invite(roomId: string, email: string, role: string) {
  const { socket } = await connectToRoom(roomId);
  const result = await socket.call("members.invite", [email, role]);
  socket.close();
  return result;
}

const tokenOf = (url: string) => new URL(url).hash.slice(1);

describe("join links (the invite QR code)", () => {
  it("lets anyone signed in join with the link's role, once, and keeps only the token's hash", async () => {
    const roomId = await createRoom();
    const { socket: owner } = await connectToRoom(roomId);
    await owner.subscribe("members", [], "members");
    const created = await owner.call("members.createJoinLink", ["viewer"]);
    const link = created.result as { url: string; role: string; expiresAt: Date };
    expect(link.role).toBe("viewer");
    expect(new URL(link.url).pathname).toBe(`/join/${roomId}`);
    const token = tokenOf(link.url);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = await env.DB.prepare("SELECT token_hash FROM join_links WHERE room_id = ?").bind(roomId).all();
    expect(stored.results).toHaveLength(1);
    expect(stored.results[0]?.token_hash).not.toBe(token);

    const guest = await signUpUser();
    const { socket: asGuest } = await connectToRoom(roomId, { token: guest.token });
    expect((await asGuest.subscribe("items")).msg).toBe("nosub");
    const joined = await asGuest.call("members.join", [token]);
    expect(joined.result).toBe("viewer");
    const added = await owner.next((m) => m.msg === "added" && m.collection === "members" && m.id === guest.id);
    expect(added.fields).toMatchObject({ role: "viewer", email: guest.email });
    expect((await asGuest.subscribe("items")).msg).toBe("ready");
    // Viewers read; they still cannot write.
    expect((await asGuest.call("items.add", [{ title: "Nope" }])).error).toMatchObject({ reason: "Access denied" });
    // Opening the link again changes nothing.
    expect((await asGuest.call("members.join", [token])).result).toBe("viewer");
    for (const socket of [owner, asGuest]) socket.close();
  });

  it("refuses forged, expired and revoked links, signed-out callers, and link making by non-managers", async () => {
    const roomId = await createRoom();
    const member = await signUpUser();
    expect((await invite(roomId, member.email, "member")).error).toBeUndefined();
    const { socket: owner } = await connectToRoom(roomId);
    const token = tokenOf(((await owner.call("members.createJoinLink", ["member"])).result as { url: string }).url);
    expect((await owner.call("members.createJoinLink", ["admin"])).error).toMatchObject({
      error: 400,
      reason: "A join link gives the member or viewer role",
    });

    const { socket: asMember } = await connectToRoom(roomId, { token: member.token });
    expect((await asMember.call("members.createJoinLink", ["member"])).error).toMatchObject({ error: 403 });

    const { socket: anonymous } = await DdpSocket.connect(`/api/rooms/${roomId}/websocket`);
    expect((await anonymous.call("members.join", [token])).error).toMatchObject({
      error: 403,
      reason: "Sign in to join this room",
    });

    const guest = await signUpUser();
    const { socket: asGuest } = await connectToRoom(roomId, { token: guest.token });
    const forged = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    for (const bad of [forged, "short", 42]) {
      const result = await asGuest.call("members.join", [bad]);
      expect(result.error).toMatchObject({ error: expect.any(Number) });
      expect(String((result.error as { reason: string }).reason)).toMatch(/not valid/);
    }
    // A link from another room does not open this one.
    const otherRoom = await createRoom();
    const { socket: otherOwner } = await connectToRoom(otherRoom);
    const otherToken = tokenOf(
      ((await otherOwner.call("members.createJoinLink", ["member"])).result as { url: string }).url,
    );
    expect((await asGuest.call("members.join", [otherToken])).error).toMatchObject({
      reason: "This join link is not valid or has expired",
    });

    // Expired.
    await env.DB.prepare("UPDATE join_links SET expires_at = ? WHERE room_id = ?")
      .bind(Date.now() - 1, roomId)
      .run();
    expect((await asGuest.call("members.join", [token])).error).toMatchObject({
      reason: "This join link is not valid or has expired",
    });

    // Revoked.
    const fresh = tokenOf(((await owner.call("members.createJoinLink", ["member"])).result as { url: string }).url);
    expect((await owner.call("members.revokeJoinLinks")).result).toBe(2);
    expect((await asGuest.call("members.join", [fresh])).error).toMatchObject({
      reason: "This join link is not valid or has expired",
    });
    const memberships = await env.DB.prepare("SELECT count(*) AS n FROM memberships WHERE room_id = ? AND user_id = ?")
      .bind(roomId, guest.id)
      .first();
    expect(memberships?.n).toBe(0);
    for (const socket of [owner, asMember, anonymous, asGuest, otherOwner]) socket.close();
  });
});
