import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { connectToRoom, createRoom, type DdpSocket, signUpUser } from "./ddp-socket";

async function invite(roomId: string, email: string, role: string) {
  const { socket } = await connectToRoom(roomId);
  const result = await socket.call("members.invite", [email, role]);
  socket.close();
  return result;
}

async function ownerOf(roomId: string): Promise<string> {
  const row = await env.DB.prepare("SELECT user_id FROM memberships WHERE room_id = ? AND role = 'owner'")
    .bind(roomId)
    .first();
  return row?.user_id as string;
}

async function addItems(socket: DdpSocket, count: number, prefix = "Item"): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const result = await socket.call("items.add", [{ title: `${prefix} ${i}`, priceCents: 100 * i, quantity: 1 }]);
    ids.push(result.result as string);
  }
  return ids;
}

async function statusesOf(roomId: string): Promise<Record<string, string>> {
  const rows = await env.DB.prepare("SELECT id, status FROM items WHERE room_id = ?").bind(roomId).all();
  return Object.fromEntries(rows.results.map((row) => [row.id as string, row.status as string]));
}

describe("catalogue", () => {
  it("records who created an item and keeps its history: who changed which field, from what to what", async () => {
    const roomId = await createRoom();
    const member = await signUpUser();
    expect((await invite(roomId, member.email, "member")).error).toBeUndefined();
    const { socket: owner } = await connectToRoom(roomId);
    const { socket: asMember } = await connectToRoom(roomId, { token: member.token });

    const itemId = (await asMember.call("items.add", [{ title: "Lamp", priceCents: 1200 }])).result as string;
    await owner.subscribe("items.history", [itemId], "history");
    await owner.call("items.update", [itemId, { title: "Brass lamp", priceCents: 1500, quantity: 0 }]);
    const entry = await owner.next(
      (m) =>
        m.msg === "added" && m.collection === "itemHistory" && (m.fields as { action: string }).action === "updated",
    );
    expect(entry.fields).toMatchObject({
      itemId,
      action: "updated",
      // Quantity was already 0: unchanged fields are not history.
      changes: { title: { from: "Lamp", to: "Brass lamp" }, priceCents: { from: 1200, to: 1500 } },
    });
    expect(Object.keys((entry.fields as { changes: object }).changes)).toEqual(["title", "priceCents"]);

    // A later subscriber gets the whole history, each entry with its author.
    const { socket: later } = await connectToRoom(roomId);
    await later.subscribe("items.history", [itemId], "h2");
    const sent = later.received.filter((m) => m.msg === "added" && m.collection === "itemHistory");
    const fields = sent.map((m) => m.fields as { action: string; userId: string });
    expect(fields.sort((a, b) => a.action.localeCompare(b.action))).toEqual([
      expect.objectContaining({ action: "created", userId: member.id }),
      expect.objectContaining({ action: "updated", userId: await ownerOf(roomId) }),
    ]);
    const item = await env.DB.prepare("SELECT created_by FROM items WHERE id = ?").bind(itemId).first();
    expect(item?.created_by).toBe(member.id);

    // Saving without a change writes no history.
    await owner.call("items.update", [itemId, { title: "Brass lamp" }]);
    const count = await env.DB.prepare("SELECT count(*) AS n FROM item_history WHERE item_id = ?").bind(itemId).first();
    expect(count?.n).toBe(2);
    for (const socket of [owner, asMember, later]) socket.close();
  });

  it("changes the status of many items at once, and of none when one is missing or the caller is a viewer", async () => {
    const roomId = await createRoom();
    const viewer = await signUpUser();
    expect((await invite(roomId, viewer.email, "viewer")).error).toBeUndefined();
    const { socket } = await connectToRoom(roomId);
    await socket.subscribe("items", [], "items");
    const ids = await addItems(socket, 5);

    const result = await socket.call("items.setStatus", [ids.slice(0, 3), "listed"]);
    expect(result.result).toBe(3);
    expect(Object.values(await statusesOf(roomId)).sort()).toEqual(["draft", "draft", "listed", "listed", "listed"]);

    const missing = await socket.call("items.setStatus", [[ids[3], "no-such-item"], "sold"]);
    expect(missing.error).toMatchObject({ error: 404, reason: "Some of these items no longer exist" });
    expect((await statusesOf(roomId))[ids[3] as string]).toBe("draft");

    const { socket: asViewer } = await connectToRoom(roomId, { token: viewer.token });
    expect((await asViewer.call("items.setStatus", [ids, "sold"])).error).toMatchObject({ reason: "Access denied" });
    expect((await socket.call("items.setStatus", [ids, "lost"])).error).toMatchObject({ reason: "Unknown status" });
    expect((await socket.call("items.setStatus", [[], "sold"])).error).toMatchObject({
      reason: "Choose at least one item",
    });
    const tooMany = Array.from({ length: 501 }, (_, i) => `id${i}`);
    expect((await socket.call("items.setStatus", [tooMany, "sold"])).error).toMatchObject({
      reason: "At most 500 items at once",
    });
    expect(Object.values(await statusesOf(roomId)).filter((s) => s === "sold")).toEqual([]);

    // Many items, more than one statement's worth of ids: all change, each gets a history entry.
    const more = await addItems(socket, 95, "Bulk");
    expect((await socket.call("items.setStatus", [more, "archived"])).result).toBe(95);
    const archived = await env.DB.prepare(
      "SELECT count(*) AS n FROM item_history WHERE room_id = ? AND changes LIKE '%archived%'",
    )
      .bind(roomId)
      .first();
    expect(archived?.n).toBe(95);
    socket.close();
    asViewer.close();
  });

  it("refuses client writes to the fields the server keeps (creator, store product id)", async () => {
    const roomId = await createRoom();
    const { socket } = await connectToRoom(roomId);
    const id = (await socket.call("/items/insert", [{ title: "Chair" }])).result as string;
    const forged = await socket.call("/items/update", [{ _id: id }, { $set: { createdBy: "someone-else" } }]);
    expect(forged.error).toMatchObject({ error: 403, reason: "Access denied" });
    const retitled = await socket.call("/items/update", [{ _id: id }, { $set: { title: "Oak chair" } }]);
    expect(retitled.error).toBeUndefined();
    const row = await env.DB.prepare("SELECT title, created_by FROM items WHERE id = ?").bind(id).first();
    expect(row?.title).toBe("Oak chair");
    expect(row?.created_by).not.toBe("someone-else");
    socket.close();
  });
});

describe("share links", () => {
  it("opens an item's share page through its signed link only, without internal fields", async () => {
    const roomId = await createRoom();
    const { socket } = await connectToRoom(roomId);
    const itemId = (
      await socket.call("items.add", [{ title: "Teapot", priceCents: 2500, location: "Shelf B3", quantity: 4 }])
    ).result as string;
    const links = (await socket.call("items.publicLinks", [[itemId, "not-an-item"]])).result as Record<string, string>;
    expect(Object.keys(links)).toEqual([itemId]);
    const link = new URL(links[itemId] as string);
    expect(link.pathname).toMatch(new RegExp(`^/share/${roomId}/${itemId}/[A-Za-z0-9_-]{22}$`));

    const api = (path: string) => SELF.fetch(`https://stockroom.test/api${path}`);
    const shared = await api(link.pathname);
    expect(shared.status).toBe(200);
    expect(shared.headers.get("cache-control")).toBe("no-store");
    const body = (await shared.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ title: "Teapot", priceCents: 2500, status: "draft", photos: [] });
    expect(body).not.toHaveProperty("location");
    expect(body).not.toHaveProperty("quantity");

    const signature = link.pathname.split("/").pop() as string;
    const flipped = signature.startsWith("A") ? `B${signature.slice(1)}` : `A${signature.slice(1)}`;
    const otherRoom = await createRoom();
    for (const forged of [
      `/share/${roomId}/${itemId}/${flipped}`,
      `/share/${otherRoom}/${itemId}/${signature}`,
      `/share/${roomId}/${itemId}/`,
      `/share/${roomId}/${itemId}/${"x".repeat(500)}`,
    ]) {
      const response = await api(forged);
      expect(response.status, forged).toBe(404);
    }

    // Removing the item ends its link.
    await socket.call("items.remove", [itemId]);
    expect((await api(link.pathname)).status).toBe(404);
    socket.close();
  });

  it("gives links to members only", async () => {
    const roomId = await createRoom();
    const stranger = await signUpUser();
    const { socket } = await connectToRoom(roomId);
    const itemId = (await socket.call("items.add", [{ title: "Vase" }])).result as string;
    socket.close();
    const { socket: asStranger } = await connectToRoom(roomId, { token: stranger.token });
    expect((await asStranger.call("items.publicLinks", [[itemId]])).error).toMatchObject({ error: 403 });
    asStranger.close();
  });
});
