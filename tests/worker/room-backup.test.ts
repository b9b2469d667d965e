/**
 * Backups: a room's owners and admins download the whole room as one ZIP
 * (worker/rooms/export-route.ts): its data as JSON and CSV, and its files;
 * its owner can put it back as it was at an earlier time where the runtime
 * keeps history (worker/rooms/room-restore.ts).
 */
import { env, runInDurableObject, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { zipEntries } from "../support/zip-entries";
import { connectToRoom, createRoom, ownerToken, signUpUser } from "./ddp-socket";
import { chunkOf, jpegLike, startLive, writeLive } from "./files-helpers";
import { roomRows } from "./room-rows";

const exportOf = (roomId: string, token?: string) =>
  SELF.fetch(`https://stockroom.test/api/rooms/${roomId}/export`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });

describe("exporting a room", () => {
  it("gives the owner every table as JSON, the catalogue as CSV safe to open, and every file", async () => {
    const roomId = await createRoom("Corner shop");
    const { socket } = await connectToRoom(roomId);
    const lamp = (await socket.call("items.add", [{ title: "Brass lamp", sku: "L-1", priceCents: 2500, quantity: 3 }]))
      .result as string;
    await socket.call("items.add", [{ title: '=HYPERLINK("http://evil.example","Click")', sku: "-TAB" }]);
    await socket.call("items.update", [lamp, { quantity: 4 }]);
    const photo = jpegLike(6_000);
    const { started } = await startLive(socket, { name: "lamp.jpg", size: photo.byteLength });
    for (let id = 1; id <= started.chunkCount; id++)
      await writeLive(socket, started.uploadId, id, chunkOf(photo, started.chunkSize, id));
    const fileId = ((await socket.call("files.finish", [started.uploadId])).result as { _id: string })._id;
    socket.close();

    const response = await exportOf(roomId, ownerToken(roomId));
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/zip");
    expect(response.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="stockroom-Corner-shop-\d{4}-\d\d-\d\d\.zip"$/,
    );
    const entries = zipEntries(new Uint8Array(await response.arrayBuffer()));
    const text = (name: string) => new TextDecoder().decode(entries.get(name));

    const json = JSON.parse(text("room.json"));
    expect(json).toMatchObject({
      format: "stockroom-room-export",
      room: { id: roomId, name: "Corner shop" },
      store: null,
    });
    expect(json.tables.items.map((item: { title: string }) => item.title).sort()).toEqual([
      '=HYPERLINK("http://evil.example","Click")',
      "Brass lamp",
    ]);
    expect(json.tables.item_history).toHaveLength(3);
    expect(json.tables.files.map((file: { id: string }) => file.id)).toEqual([fileId]);

    const csv = text("items.csv").split("\r\n");
    expect(csv[0]?.split(",")).toContain("title");
    // Formulas stay text in a spreadsheet; numbers stay numbers.
    expect(text("items.csv")).toContain(`"'=HYPERLINK(""http://evil.example"",""Click"")"`);
    expect(text("items.csv")).toContain(",'-TAB,");
    expect(text("items.csv")).toMatch(/,2500,/);
    expect(text("items.csv")).toMatch(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/);
    expect(entries.has("item-history.csv")).toBe(true);

    expect(entries.get(`files/itemPhotos/${fileId}-lamp.jpg`)).toEqual(photo);
  });

  it("is the room at the moment it began: a sale made while it downloads is not in it, and its stock adds up", async () => {
    const roomId = await createRoom("Busy shop");
    const { socket } = await connectToRoom(roomId);
    const mug = (await socket.call("items.add", [{ title: "Mug", quantity: 5 }])).result as string;
    const response = await exportOf(roomId, ownerToken(roomId));
    expect(response.status).toBe(200);
    // Sold while the download is under way.
    const sale = { itemId: mug, locationId: "main", quantity: -2, reason: "sold" };
    expect((await socket.call("stock.adjust", [sale])).error).toBeUndefined();
    const entries = zipEntries(new Uint8Array(await response.arrayBuffer()));
    const json = JSON.parse(new TextDecoder().decode(entries.get("room.json")));
    const item = json.tables.items.find((row: { id: string }) => row.id === mug);
    const movements = json.tables.movements.filter((row: { item_id: string }) => row.item_id === mug);
    expect(item.quantity).toBe(5);
    expect(movements.reduce((sum: number, row: { quantity: number }) => sum + row.quantity, 0)).toBe(5);
    // The CSV is the same moment.
    expect(new TextDecoder().decode(entries.get("stock-movements.csv"))).not.toContain("sold");
    // Ended: its copy is gone.
    const copies = await runInDurableObject(env.ROOM.getByName(roomId), (_instance, state) =>
      state.storage.sql.exec("SELECT name FROM sqlite_master WHERE name LIKE 'export_%'").toArray(),
    );
    expect(copies).toEqual([]);
    socket.close();
  });

  it("is for owners and admins only: members get 403, strangers 404, no sign-in 401", async () => {
    const roomId = await createRoom();
    const member = await signUpUser();
    const stranger = await signUpUser();
    const { socket } = await connectToRoom(roomId);
    expect((await socket.call("members.invite", [member.email, "member"])).error).toBeUndefined();
    socket.close();
    expect((await exportOf(roomId, member.token)).status).toBe(403);
    expect((await exportOf(roomId, stranger.token)).status).toBe(404);
    expect((await exportOf(roomId)).status).toBe(401);
    expect((await exportOf("no-such-room", ownerToken(roomId))).status).toBe(404);
  });
});

describe("restoring a room to an earlier time", () => {
  const restore = (roomId: string, token: string, at: unknown) =>
    SELF.fetch(`https://stockroom.test/api/rooms/${roomId}/restore`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body: JSON.stringify({ at }),
    });

  it("is the owner's alone, within the last 30 days, and says so in words where the runtime keeps no history", async () => {
    const roomId = await createRoom();
    const admin = await signUpUser();
    const { socket } = await connectToRoom(roomId);
    expect((await socket.call("members.invite", [admin.email, "admin"])).error).toBeUndefined();
    socket.close();
    const anHourAgo = Date.now() - 3600_000;
    expect((await restore(roomId, admin.token, anHourAgo)).status).toBe(403);
    const tooOld = await restore(roomId, ownerToken(roomId), Date.now() - 31 * 24 * 3600_000);
    expect(tooOld.status).toBe(400);
    expect(await tooOld.json()).toEqual({ error: "A room can go back at most 30 days" });
    expect((await restore(roomId, ownerToken(roomId), Date.now() + 60_000)).status).toBe(400);
    expect((await restore(roomId, ownerToken(roomId), "yesterday")).status).toBe(400);
    // workerd, which runs the room here, keeps no history: the owner is told plainly, and nothing changes.
    const local = await restore(roomId, ownerToken(roomId), anHourAgo);
    expect(local.status).toBe(501);
    expect(await local.json()).toEqual({ error: "Restoring to an earlier time is not available on this server" });
  });

  it("once restored, the room owes the directory its entries again and sends them", async () => {
    const roomId = await createRoom("First name");
    const { socket } = await connectToRoom(roomId);
    await socket.call("rooms.rename", ["Restored shop"]);
    const photo = jpegLike(3_000);
    const { started } = await startLive(socket, { name: "a.jpg", size: photo.byteLength });
    for (let id = 1; id <= started.chunkCount; id++)
      await writeLive(socket, started.uploadId, id, chunkOf(photo, started.chunkSize, id));
    const fileId = ((await socket.call("files.finish", [started.uploadId])).result as { _id: string })._id;
    socket.close();
    // As a restore leaves it: the directory has moved on from what the room now holds.
    await env.DB.batch([
      env.DB.prepare("DELETE FROM file_rooms WHERE file_id = ?").bind(fileId),
      env.DB.prepare("UPDATE rooms SET name = 'Renamed since' WHERE id = ?").bind(roomId),
    ]);
    const namespace = env.ROOM as unknown as DurableObjectNamespace;
    const result = await runInDurableObject(namespace.get(namespace.idFromName(roomId)), (instance) =>
      (instance as unknown as { afterRestore(): Promise<unknown> }).afterRestore(),
    );
    expect(result).toMatchObject({ ok: true });
    expect(await env.DB.prepare("SELECT room_id FROM file_rooms WHERE file_id = ?").bind(fileId).first()).toEqual({
      room_id: roomId,
    });
    expect(await env.DB.prepare("SELECT name FROM rooms WHERE id = ?").bind(roomId).first()).toEqual({
      name: "Restored shop",
    });
  });

  it("runs the whole sequence — prepared, restarted, directory renewed — and drops the records of files whose bytes are gone", async () => {
    const roomId = await createRoom("Lamp shop");
    const { socket } = await connectToRoom(roomId);
    const upload = async (name: string) => {
      const photo = jpegLike(2_000);
      const { started } = await startLive(socket, { name, size: photo.byteLength });
      for (let id = 1; id <= started.chunkCount; id++)
        await writeLive(socket, started.uploadId, id, chunkOf(photo, started.chunkSize, id));
      return ((await socket.call("files.finish", [started.uploadId])).result as { _id: string })._id;
    };
    const kept = await upload("kept.jpg");
    const gone = await upload("gone.jpg");
    // As R2 is after going back to before a removal: R2 keeps no history, so the record is back and its bytes are not.
    const goneKeys = (await env.FILES.list({ prefix: `rooms/${roomId}/itemPhotos/${gone}/` })).objects;
    await env.FILES.delete(goneKeys.map((object) => object.key));

    // workerd keeps no history, so the two calls by which the runtime goes back in time are stood in
    // for on this object (its storage does not go back); everything around them runs as it does.
    const namespace = env.ROOM as unknown as DurableObjectNamespace;
    const stub = namespace.get(namespace.idFromName(roomId));
    const bookmarks: string[] = [];
    await runInDurableObject(stub, (_instance, state) => {
      const storage = state.storage as unknown as {
        getBookmarkForTime(at: number): Promise<string>;
        onNextSessionRestoreBookmark(bookmark: string): Promise<string>;
      };
      storage.getBookmarkForTime = async (at) => `bookmark-at-${at}`;
      storage.onNextSessionRestoreBookmark = async (bookmark) => {
        bookmarks.push(bookmark);
        return bookmark;
      };
    });
    const at = Date.now() - 60_000;
    const response = await restore(roomId, ownerToken(roomId), at);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true, restoredTo: new Date(at).toISOString() });
    expect(bookmarks).toEqual([`bookmark-at-${at}`]);
    // The one with the room open was let go (the room restarts): they reconnect to the room as it now is.
    for (const deadline = Date.now() + 20_000; socket.closed === null && Date.now() < deadline; ) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(socket.closed).not.toBeNull();

    const files = await roomRows<{ id: string }>(roomId, "SELECT id FROM files");
    expect(files.map((file) => file.id)).toEqual([kept]);
    const directory = await env.DB.prepare("SELECT file_id, room_id FROM file_rooms WHERE file_id IN (?, ?)")
      .bind(kept, gone)
      .all();
    expect(directory.results).toEqual([{ file_id: kept, room_id: roomId }]);
    // The room serves after its restart: the kept photo is listed to a new connection.
    const { socket: after } = await connectToRoom(roomId);
    await after.subscribe("files", [[kept, gone]]);
    const added = after.received.filter((m) => m.msg === "added" && m.collection === "files").map((m) => m.id);
    expect(added).toEqual([kept]);
    after.close();
  });
});
