import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { LIMITS } from "../../protocol/api";
import type { FileDoc } from "../../protocol/files";
import { sharePath } from "../../worker/rooms/share-links";
import { connectToRoom, createRoom, type DdpSocket, signUpUser } from "./ddp-socket";
import { jpegLike, startLive, writeLive } from "./files-helpers";
import { roomRow, roomRows } from "./room-rows";

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
  const rows = await { results: await roomRows(roomId, "SELECT id, status FROM items WHERE room_id = ?", roomId) };
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
    const item = await roomRow(roomId, "SELECT created_by FROM items WHERE id = ?", itemId);
    expect(item?.created_by).toBe(member.id);

    // Saving without a change writes no history.
    await owner.call("items.update", [itemId, { title: "Brass lamp" }]);
    const count = await roomRow(roomId, "SELECT count(*) AS n FROM item_history WHERE item_id = ?", itemId);
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
    const tooMany = Array.from({ length: LIMITS.SELECTION + 1 }, (_, i) => `id${i}`);
    expect((await socket.call("items.setStatus", [tooMany, "sold"])).error).toMatchObject({
      reason: `At most ${LIMITS.SELECTION} items at once`,
    });
    expect(Object.values(await statusesOf(roomId)).filter((s) => s === "sold")).toEqual([]);

    // Many items, more than one statement's worth of ids: all change, each gets a history entry.
    const more = await addItems(socket, 95, "Bulk");
    expect((await socket.call("items.setStatus", [more, "archived"])).result).toBe(95);
    const archived = await roomRow(
      roomId,
      "SELECT count(*) AS n FROM item_history WHERE room_id = ? AND changes LIKE '%archived%'",
      roomId,
    );
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
    const row = await roomRow(roomId, "SELECT title, created_by FROM items WHERE id = ?", id);
    expect(row?.title).toBe("Oak chair");
    expect(row?.created_by).not.toBe("someone-else");
    socket.close();
  });
});

async function uploadPhoto(socket: DdpSocket, name: string): Promise<string> {
  const bytes = jpegLike(1000);
  const { started } = await startLive(socket, { name, size: bytes.byteLength });
  await writeLive(socket, started.uploadId, 1, bytes);
  return ((await socket.call("files.finish", [started.uploadId])).result as FileDoc)._id;
}

describe("item photos", () => {
  it("adds and moves photos on the server's current order, so concurrent changes all count", async () => {
    const roomId = await createRoom();
    const { socket } = await connectToRoom(roomId);
    const [a, b, c] = [
      await uploadPhoto(socket, "a.jpg"),
      await uploadPhoto(socket, "b.jpg"),
      await uploadPhoto(socket, "c.jpg"),
    ];
    const itemId = (await socket.call("items.add", [{ title: "Lamp", photos: [a] }])).result as string;
    const photos = async () =>
      JSON.parse(
        ((await roomRow(roomId, "SELECT photos FROM items WHERE id = ?", itemId))?.photos as string) ?? "[]",
      ) as string[];

    // An upload landing and a move sent at the same time: both are kept.
    const others = await Promise.all([1, 2, 3].map(() => connectToRoom(roomId).then((x) => x.socket)));
    await Promise.all([
      others[0]?.call("items.addPhoto", [itemId, b]),
      others[1]?.call("items.addPhoto", [itemId, c]),
      others[2]?.call("items.movePhoto", [itemId, a, 5]),
    ]);
    for (const other of others) other.close();
    const after = await photos();
    expect(after.sort()).toEqual([a, b, c].sort());
    await socket.call("items.movePhoto", [itemId, c, 0]);
    expect((await photos())[0]).toBe(c);
    // Adding the same photo again changes nothing; a photo from elsewhere is refused.
    await socket.call("items.addPhoto", [itemId, c]);
    expect(await photos()).toHaveLength(3);
    expect((await socket.call("items.addPhoto", [itemId, "not-a-photo"])).error).toMatchObject({ error: 400 });
    expect((await socket.call("items.movePhoto", [itemId, "not-a-photo", 0])).error).toMatchObject({
      reason: "That photo is not on this item",
    });
    expect((await socket.call("items.movePhoto", [itemId, c, -1])).error).toMatchObject({ error: 400 });
    socket.close();
  });

  it("keeps the dashboard exact when edits of one item race", async () => {
    const roomId = await createRoom();
    const { socket } = await connectToRoom(roomId);
    await socket.subscribe("dashboard");
    const itemId = (await socket.call("items.add", [{ title: "Chair", priceCents: 1000, quantity: 1 }])).result;
    // Each connection runs its own calls in order, so the race needs several connections.
    const editors = await Promise.all([1, 2, 3, 4].map(() => connectToRoom(roomId).then((c) => c.socket)));
    for (const statuses of [
      ["ready", "listed", "sold", "archived"],
      ["sold", "ready", "archived", "listed"],
    ]) {
      await Promise.all(editors.map((editor, i) => editor.call("items.update", [itemId, { status: statuses[i] }])));
    }
    await socket.call("items.update", [itemId, { status: "draft" }]);
    for (const editor of editors) editor.close();
    const summary = await connectToRoom(roomId).then(async ({ socket: fresh }) => {
      await fresh.subscribe("dashboard");
      const added = fresh.received.find((m) => m.msg === "added" && m.collection === "dashboard");
      fresh.close();
      return added?.fields as { byStatus: { status: string; count: number }[] };
    });
    const counts = Object.fromEntries(summary.byStatus.map((row) => [row.status, row.count]));
    // One item, counted once: in its last status and nowhere else.
    expect(counts).toEqual({ draft: 1 });
    socket.close();
  });
});

describe("share links", () => {
  it("opens an item's share page through its short link only, without internal fields", async () => {
    const roomId = await createRoom();
    const { socket } = await connectToRoom(roomId);
    const itemId = (
      await socket.call("items.add", [{ title: "Teapot", priceCents: 2500, location: "Shelf B3", quantity: 4 }])
    ).result as string;
    const links = (await socket.call("items.publicLinks", [[itemId, "not-an-item"]])).result as Record<string, string>;
    expect(Object.keys(links)).toEqual([itemId]);
    const link = new URL(links[itemId] as string);
    // Short, so a printed label's code needs few modules: /s/ and 10 characters.
    expect(link.pathname).toMatch(/^\/s\/[A-Za-z0-9]{10}$/);
    // Asking again gives the same link (labels printed twice must agree).
    const again = (await socket.call("items.publicLinks", [[itemId]])).result as Record<string, string>;
    expect(again[itemId]).toBe(links[itemId]);

    const api = (path: string) => SELF.fetch(`https://stockroom.test/api/share${path}`);
    const shared = await api(link.pathname);
    expect(shared.status).toBe(200);
    expect(shared.headers.get("cache-control")).toBe("no-store");
    const body = (await shared.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ title: "Teapot", priceCents: 2500, photos: [], shop: { logoUrl: null } });
    expect(body).not.toHaveProperty("status");
    expect(body).not.toHaveProperty("location");
    expect(body).not.toHaveProperty("quantity");

    const code = link.pathname.split("/").pop() as string;
    const otherItem = (await socket.call("items.add", [{ title: "Sugar bowl" }])).result as string;
    const otherLinks = (await socket.call("items.publicLinks", [[otherItem]])).result as Record<string, string>;
    expect(otherLinks[otherItem]).not.toBe(links[itemId]);
    const flipped = code.startsWith("A") ? `B${code.slice(1)}` : `A${code.slice(1)}`;
    for (const forged of [
      `/s/${flipped}`,
      "/s/",
      `/s/${code}x`,
      `/s/${"x".repeat(500)}`,
      `/s/${code.slice(0, 9)}%2F`,
    ]) {
      const response = await api(forged);
      expect(response.status, forged).toBe(404);
    }

    // Removing the item ends its link.
    await socket.call("items.remove", [itemId]);
    expect((await api(link.pathname)).status).toBe(404);
    socket.close();
  });

  it("still opens labels printed with the earlier signed links, and only with a valid signature", async () => {
    const roomId = await createRoom();
    const { socket } = await connectToRoom(roomId);
    const itemId = (await socket.call("items.add", [{ title: "Jug", priceCents: 900 }])).result as string;
    const otherItem = (await socket.call("items.add", [{ title: "Sugar bowl" }])).result as string;
    socket.close();
    const path = await sharePath(env, roomId, itemId);
    const api = (p: string) => SELF.fetch(`https://stockroom.test/api${p}`);
    expect(await (await api(path)).json()).toMatchObject({ title: "Jug", priceCents: 900 });

    const signature = path.split("/").pop() as string;
    const flipped = signature.startsWith("A") ? `B${signature.slice(1)}` : `A${signature.slice(1)}`;
    const otherRoom = await createRoom();
    for (const forged of [
      `/share/${roomId}/${otherItem}/${signature}`,
      `/share/${roomId}/${itemId}/${flipped}`,
      `/share/${otherRoom}/${itemId}/${signature}`,
      `/share/${roomId}/${itemId}/`,
      `/share/${roomId}/${itemId}/${"x".repeat(500)}`,
    ]) {
      const response = await api(forged);
      expect(response.status, forged).toBe(404);
    }
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
