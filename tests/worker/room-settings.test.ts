/**
 * What the room's owner sets and what newcomers are told: the room's
 * currency (new items take it), undoing a removal, and what an invitation
 * or join link leads to — named room and inviter before anyone signs in,
 * and plain reasons when a link was used or has expired.
 */
import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { connectToRoom, createRoom, DdpSocket, signUpUser } from "./ddp-socket";
import { roomRow, roomRows } from "./room-rows";

async function invite(roomId: string, email: string, role: string) {
  const { socket } = await connectToRoom(roomId);
  const answer = await socket.call("members.invite", [email, role]);
  socket.close();
  return answer;
}

async function mailTo(to: string): Promise<{ subject: string; text: string }> {
  let found: { subject: string; text: string } | undefined;
  await expect
    .poll(async () => {
      const mails = (await (await SELF.fetch("http://stockroom.test/api/dev/outbox")).json()) as {
        to: string;
        subject: string;
        text: string;
      }[];
      found = mails.find((mail) => mail.to === to);
      return found;
    })
    .toBeDefined();
  return found as { subject: string; text: string };
}

describe("the room's currency", () => {
  it("is set by owners and admins, and new items take it unless they say otherwise", async () => {
    const roomId = await createRoom("Euro shop");
    const { socket } = await connectToRoom(roomId);
    await socket.subscribe("room");
    expect(socket.received.find((m) => m.msg === "added" && m.collection === "rooms")?.fields).toMatchObject({
      currency: "USD",
    });
    expect((await socket.call("rooms.setCurrency", ["EUR"])).error).toBeUndefined();
    await socket.next((m) => m.msg === "changed" && m.collection === "rooms" && m.fields?.currency === "EUR");
    const inEuros = (await socket.call("items.add", [{ title: "Vase" }])).result as string;
    const inPounds = (await socket.call("items.add", [{ title: "Jug", currency: "GBP" }])).result as string;
    const rows = await {
      results: await roomRows(roomId, "SELECT id, currency FROM items WHERE id IN (?, ?)", inEuros, inPounds),
    };
    expect(Object.fromEntries(rows.results.map((r) => [r.id, r.currency]))).toEqual({
      [inEuros]: "EUR",
      [inPounds]: "GBP",
    });
    expect((await socket.call("rooms.setCurrency", ["XYZ"])).error).toMatchObject({ error: 400 });
    expect((await socket.call("rooms.setCurrency", ["euro"])).error).toMatchObject({ error: 400 });
    socket.close();

    const member = await signUpUser();
    await invite(roomId, member.email, "member");
    const { socket: asMember } = await connectToRoom(roomId, { token: member.token });
    expect((await asMember.call("rooms.setCurrency", ["JPY"])).error).toMatchObject({ error: 403 });
    asMember.close();
  });

  it("can be chosen when the room is made", async () => {
    const owner = await signUpUser();
    const { socket } = await DdpSocket.connect("/api/websocket");
    await socket.call("login", [{ resume: owner.token }]);
    const roomId = (await socket.call("rooms.create", ["Yen shop", "JPY"])).result as string;
    socket.close();
    const row = await env.DB.prepare("SELECT currency FROM rooms WHERE id = ?").bind(roomId).first();
    expect(row).toEqual({ currency: "JPY" });
  });
});

describe("undoing a removal", () => {
  it("brings the item back under its id, once, and says so in its history", async () => {
    const roomId = await createRoom();
    const { socket } = await connectToRoom(roomId);
    const fields = { title: "Teak chair", sku: "CH-1", priceCents: 12000, quantity: 2, status: "listed" as const };
    const id = (await socket.call("items.add", [fields])).result as string;
    expect((await socket.call("items.remove", [id])).error).toBeUndefined();
    expect((await socket.call("items.restore", [id, fields])).error).toBeUndefined();
    expect((await socket.call("items.restore", [id, fields])).error).toBeUndefined();
    const row = await roomRow(roomId, "SELECT title, sku, quantity, status FROM items WHERE id = ?", id);
    // A listed item's product was archived when it went: it comes back ready, to publish again.
    expect(row).toEqual({ title: "Teak chair", sku: "CH-1", quantity: 2, status: "ready" });
    const history = await {
      results: await roomRows(roomId, "SELECT action FROM item_history WHERE item_id = ? ORDER BY at, rowid", id),
    };
    expect(history.results.map((h) => h.action)).toEqual(["created", "removed", "restored"]);
    // Only what this room removed can come back.
    expect((await socket.call("items.restore", ["neverExisted12345", fields])).error).toMatchObject({ error: 404 });
    socket.close();
  });
});

describe("invitations and join links, before they are used", () => {
  it("names the room and who invited on an enroll link, and says plainly when it was used or expired", async () => {
    const roomId = await createRoom("Ceramics");
    const email = `enrolled${Date.now()}@example.com`;
    await invite(roomId, email, "member");
    const mail = await mailTo(email);
    const token = /#\/enroll-account\/([A-Za-z0-9_-]+)/.exec(mail.text)?.[1] as string;
    const { socket } = await DdpSocket.connect("/api/websocket");
    const info = await socket.call("accounts.linkInfo", [token]);
    expect(info.result).toEqual({
      kind: "enroll",
      email,
      room: { id: roomId, name: "Ceramics" },
      invitedBy: expect.stringMatching(/@example\.com$/),
    });
    expect((await socket.call("resetPassword", [token, "a password"])).error).toBeUndefined();
    // Used: Meteor's reason for every DDP client, and why for ours.
    const again = await socket.call("resetPassword", [token, "again"]);
    expect(again.error).toMatchObject({ error: 403, reason: "Token expired", details: { why: "used" } });
    expect((await socket.call("accounts.linkInfo", [token])).error).toMatchObject({ details: { why: "used" } });
    expect((await socket.call("accounts.linkInfo", ["not-a-real-token-at-all"])).error).toMatchObject({
      details: { why: "unknown" },
    });
    socket.close();
  });

  it("says an expired reset link has expired", async () => {
    const user = await signUpUser();
    const { socket } = await DdpSocket.connect("/api/websocket");
    await socket.call("forgotPassword", [{ email: user.email }]);
    let token = "";
    await expect
      .poll(async () => {
        const mails = (await (await SELF.fetch("http://stockroom.test/api/dev/outbox")).json()) as {
          to: string;
          text: string;
        }[];
        token =
          /#\/reset-password\/([A-Za-z0-9_-]+)/.exec(
            mails.find((m) => m.to === user.email && m.text.includes("reset-password"))?.text ?? "",
          )?.[1] ?? "";
        return token;
      })
      .not.toBe("");
    await env.DB.prepare("UPDATE account_tokens SET expires_at = 1 WHERE kind = 'reset' AND email = ?")
      .bind(user.email)
      .run();
    expect((await socket.call("resetPassword", [token, "x"])).error).toMatchObject({ details: { why: "expired" } });
    socket.close();
  });

  it("tells what a join link leads to before signing in, and refuses a made-up one", async () => {
    const roomId = await createRoom("Warehouse");
    const { socket: owner } = await connectToRoom(roomId);
    const link = (await owner.call("members.createJoinLink", ["viewer"])).result as { url: string };
    owner.close();
    const token = link.url.split("#")[1] as string;
    const { socket } = await DdpSocket.connect(`/api/rooms/${roomId}/websocket`);
    const info = await socket.call("members.joinLinkInfo", [token]);
    expect(info.result).toEqual({ roomName: "Warehouse", role: "viewer", invitedBy: expect.stringMatching(/@/) });
    expect((await socket.call("members.joinLinkInfo", ["A".repeat(43)])).error).toMatchObject({ error: 403 });
    expect((await socket.call("members.joinLinkInfo", ["made-up"])).error).toMatchObject({ error: 400 });
    socket.close();
  });
});
