import { env, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { SET_ASIDE_AFTER } from "../../worker/db/room/directory-outbox";
import { connectToRoom, createRoom } from "./ddp-socket";
import { chunkOf, jpegLike, startLive, writeLive } from "./files-helpers";
import { roomRows } from "./room-rows";
import { countRoomStatements } from "./statement-counter";

type WithDirectory = { env: { DB: D1Database } };

function roomStub(roomId: string) {
  const namespace = env.ROOM as unknown as DurableObjectNamespace;
  return namespace.get(namespace.idFromName(roomId));
}

/** Makes the room's D1 binding refuse every batch until the returned function is called (D1 unreachable). */
async function cutDirectory(roomId: string): Promise<() => Promise<void>> {
  await runInDurableObject(roomStub(roomId), (instance) => {
    const db = (instance as unknown as WithDirectory).env.DB as D1Database & { realBatch?: D1Database["batch"] };
    db.realBatch = db.batch;
    db.batch = () => Promise.reject(new Error("D1_ERROR: Network connection lost."));
  });
  return () =>
    runInDurableObject(roomStub(roomId), (instance) => {
      const db = (instance as unknown as WithDirectory).env.DB as D1Database & { realBatch?: D1Database["batch"] };
      if (db.realBatch) db.batch = db.realBatch;
    });
}

async function directoryName(roomId: string): Promise<string | undefined> {
  return (await env.DB.prepare("SELECT name FROM rooms WHERE id = ?").bind(roomId).first<{ name: string }>())?.name;
}

describe("the room keeps its directory entries in step (outbox)", () => {
  it("renames the room in its own record and in the directory before answering", async () => {
    const roomId = await createRoom("Before");
    const { socket } = await connectToRoom(roomId);
    await socket.call("rooms.rename", ["After"]);
    expect(await directoryName(roomId)).toBe("After");
    expect(await roomRows(roomId, "SELECT key FROM directory_outbox")).toEqual([]);
    socket.close();
  });

  it("keeps a rename D1 did not take, shows it at once, and sends it when the alarm comes round", async () => {
    const roomId = await createRoom("Market stall");
    const { socket } = await connectToRoom(roomId);
    await socket.subscribe("room", [], "room");
    const restore = await cutDirectory(roomId);

    await socket.call("rooms.rename", ["Corner shop"]);
    const changed = await socket.next((m) => m.msg === "changed" && m.collection === "rooms");
    expect(changed.fields).toMatchObject({ name: "Corner shop" });
    expect(await directoryName(roomId)).toBe("Market stall");
    const [owed] = await roomRows<{ key: string; attempts: number; last_error: string }>(
      roomId,
      "SELECT key, attempts, last_error FROM directory_outbox",
    );
    expect(owed).toMatchObject({ key: "room", attempts: 1 });
    expect(owed?.last_error).toContain("Network connection lost");

    // A second change while D1 is still away replaces the first: only the latest is owed.
    await socket.call("rooms.setCurrency", ["EUR"]);
    expect(await roomRows(roomId, "SELECT key FROM directory_outbox")).toHaveLength(1);

    await restore();
    // Its retry time comes (the back-off has passed), and the alarm sends it.
    await roomRows(roomId, "UPDATE directory_outbox SET due_at = 0");
    await runDurableObjectAlarm(roomStub(roomId));
    const row = await env.DB.prepare("SELECT name, currency FROM rooms WHERE id = ?").bind(roomId).first();
    expect(row).toEqual({ name: "Corner shop", currency: "EUR" });
    expect(await roomRows(roomId, "SELECT key FROM directory_outbox")).toEqual([]);
    socket.close();
  });

  it("sends the others when one write D1 always refuses is owed, and sets that one aside", async () => {
    const roomId = await createRoom("Harbour");
    const { socket } = await connectToRoom(roomId);
    // Owed together: a rename, and a write the directory refuses every time (a shop with no domain
    // breaks a NOT NULL column).
    await roomRows(
      roomId,
      `INSERT INTO directory_outbox (key, write, version, attempts, due_at) VALUES
       ('room', ?1, 1, 0, 0), ('store-shop', ?2, 1, 0, 0)`,
      JSON.stringify({ kind: "room", roomId, name: "Harbour Gifts", currency: "USD", updatedAt: Date.now() }),
      JSON.stringify({ kind: "store-shop", roomId, shop: { domain: null, webhookSecret: "" } }),
    );
    const owed = () =>
      roomRows<{ key: string; attempts: number }>(roomId, "SELECT key, attempts FROM directory_outbox ORDER BY key");
    const alarm = async () => {
      await roomRows(roomId, "UPDATE directory_outbox SET due_at = 0");
      await runDurableObjectAlarm(roomStub(roomId));
    };
    // Sent in one batch, the rename fails with the refused one the first time…
    await alarm();
    expect(await directoryName(roomId)).toBe("Harbour");
    expect(await owed()).toEqual([
      { key: "room", attempts: 1 },
      { key: "store-shop", attempts: 1 },
    ]);
    // …then each goes on its own: the rename reaches the directory, the refused one waits alone.
    await alarm();
    expect(await directoryName(roomId)).toBe("Harbour Gifts");
    expect(await owed()).toEqual([{ key: "store-shop", attempts: 2 }]);
    // A later change is sent at once, whatever still waits.
    await socket.call("rooms.rename", ["Harbour Gifts & Co"]);
    expect(await directoryName(roomId)).toBe("Harbour Gifts & Co");
    // Tried until set aside: it keeps its reason, and is tried again minutes apart.
    for (let round = 2; round < SET_ASIDE_AFTER; round++) await alarm();
    const [aside] = await roomRows<{ attempts: number; last_error: string; due_at: number }>(
      roomId,
      "SELECT attempts, last_error, due_at FROM directory_outbox",
    );
    expect(aside?.attempts).toBe(SET_ASIDE_AFTER);
    expect(aside?.last_error).toContain("NOT NULL");
    expect(aside?.due_at).toBeGreaterThan(Date.now() + 60_000);
    socket.close();
  });

  it("never lets an older write sent late undo a newer one in the directory", async () => {
    const roomId = await createRoom("Old name");
    await env.DB.prepare("UPDATE rooms SET name = 'Set later', updated_at = ? WHERE id = ?")
      .bind(Date.now() + 60_000, roomId)
      .run();
    await roomRows(
      roomId,
      "INSERT INTO directory_outbox (key, write, version, attempts, due_at) VALUES ('room', ?, 1, 0, 0)",
      JSON.stringify({ kind: "room", roomId, name: "Stale", currency: "USD", updatedAt: 1 }),
    );
    // As the room does when a write could not be sent: an alarm for its retry.
    await runInDurableObject(roomStub(roomId), (_, state) => state.storage.setAlarm(Date.now() + 60_000));
    await runDurableObjectAlarm(roomStub(roomId));
    expect(await directoryName(roomId)).toBe("Set later");
    expect(await roomRows(roomId, "SELECT key FROM directory_outbox")).toEqual([]);
  });

  it("adds an item with the room's currency read from its own record, not from D1", async () => {
    const roomId = await createRoom();
    const { socket } = await connectToRoom(roomId);
    await socket.call("rooms.setCurrency", ["GBP"]);
    const roomReads = await countRoomStatements(roomId, /from "rooms"/);
    const { result: itemId } = await socket.call("items.add", [{ title: "Teapot", priceCents: 1800 }]);
    const [item] = await roomRows<{ currency: string }>(
      roomId,
      "SELECT currency FROM items WHERE id = ?",
      itemId as string,
    );
    expect(item?.currency).toBe("GBP");
    expect(await roomReads()).toBe(0);
    socket.close();
  });

  it("leads a member's download to a new file's room as soon as the upload finishes, and forgets it when the file goes", async () => {
    const roomId = await createRoom();
    const { socket } = await connectToRoom(roomId);
    const restore = await cutDirectory(roomId);
    const bytes = jpegLike(4_000);
    const { started } = await startLive(socket, { name: "lamp.jpg", size: bytes.byteLength });
    for (let id = 1; id <= started.chunkCount; id++)
      await writeLive(socket, started.uploadId, id, chunkOf(bytes, started.chunkSize, id));
    const finished = await socket.call("files.finish", [started.uploadId]);
    const fileId = (finished.result as { _id: string })._id;
    const lookup = () => env.DB.prepare("SELECT room_id FROM file_rooms WHERE file_id = ?").bind(fileId).first();
    // D1 is away: the file is made anyway, and its directory entry is owed.
    expect(await lookup()).toBeNull();
    expect(await roomRows(roomId, "SELECT key FROM directory_outbox")).toEqual([{ key: `file-room:${fileId}` }]);
    await restore();
    await roomRows(roomId, "UPDATE directory_outbox SET due_at = 0");
    await runDurableObjectAlarm(roomStub(roomId));
    expect(await lookup()).toEqual({ room_id: roomId });

    await socket.call("files.remove", [fileId]);
    expect(await lookup()).toBeNull();
    socket.close();
  });
});
