/**
 * Restoring a backup file into a new room (worker/rooms/backup-restore.ts):
 * a room's export, uploaded into an empty room, makes the room again —
 * every row of every table it brings back, and every photo's bytes —
 * or, when it cannot be restored, leaves the room empty and says why.
 */
import { env, evictDurableObject, runInDurableObject, SELF } from "cloudflare:test";
import { downloadZip } from "client-zip";
import { describe, expect, it } from "vitest";
import { RESTORED_TABLES } from "../../worker/db/room/backup-rows";
import { zipEntries } from "../support/zip-entries";
import { connectToRoom, createRoom, type DdpSocket, ownerToken, signUpUser } from "./ddp-socket";
import { chunkOf, jpegLike, startLive, taggedJpeg, writeLive } from "./files-helpers";
import { expectLedgerAddsUp } from "./ledger";
import { roomRow, roomRows, roomStub } from "./room-rows";

type Row = Record<string, unknown>;

async function upload(socket: DdpSocket, bytes: Uint8Array, options: Record<string, unknown>): Promise<Row> {
  const { answer, started } = await startLive(socket, { size: bytes.byteLength, ...options });
  expect(answer.error).toBeUndefined();
  for (let id = 1; id <= started.chunkCount; id++) {
    await writeLive(socket, started.uploadId, id, chunkOf(bytes, started.chunkSize, id), "binary");
  }
  const finished = await socket.call("files.finish", [started.uploadId]);
  expect(finished.error).toBeUndefined();
  return finished.result as Row;
}

async function exportOf(roomId: string): Promise<Uint8Array> {
  const response = await SELF.fetch(`https://stockroom.test/api/rooms/${roomId}/export`, {
    headers: { Authorization: `Bearer ${ownerToken(roomId)}` },
  });
  expect(response.status).toBe(200);
  return new Uint8Array(await response.arrayBuffer());
}

/** Uploads `zip` into `roomId` as a backup and asks the room to restore it; answers the call's reply. */
async function restoreInto(roomId: string, zip: Uint8Array, token = ownerToken(roomId)) {
  const { socket } = await connectToRoom(roomId, { token });
  try {
    const { answer, started } = await startLive(socket, {
      collection: "roomBackups",
      name: "backup.zip",
      type: "application/zip",
      size: zip.byteLength,
    });
    if (answer.error) return answer;
    for (let id = 1; id <= started.chunkCount; id++) {
      await writeLive(socket, started.uploadId, id, chunkOf(zip, started.chunkSize, id), "binary");
    }
    const file = await socket.call("files.finish", [started.uploadId]);
    expect(file.error).toBeUndefined();
    return await socket.call("rooms.restoreBackup", [(file.result as { _id: string })._id]);
  } finally {
    socket.close();
  }
}

/** Waits until the room has finished filling itself: its calls are served again. */
async function whenRestored(roomId: string): Promise<void> {
  for (const deadline = Date.now() + 30_000; ; ) {
    const restoring = await roomRow(roomId, "SELECT value FROM room_state WHERE key = 'backup-restore'");
    if (!restoring) break;
    if (Date.now() > deadline) throw new Error(`still restoring: ${JSON.stringify(restoring)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const failed = await roomRow(roomId, "SELECT value FROM room_state WHERE key = 'backup-restore-failed'");
  expect(failed).toBeNull();
  const { socket } = await connectToRoom(roomId);
  // Held by the room until it is open: answered, it is.
  expect((await socket.call("rooms.rename", ["Restored"])).error).toBeUndefined();
  socket.close();
}

const tableRows = (roomId: string, table: string) => roomRows<Row>(roomId, `SELECT * FROM ${table} ORDER BY rowid`);

async function zipOf(files: Record<string, string | Uint8Array>): Promise<Uint8Array> {
  const entries = Object.entries(files).map(([name, input]) => ({ name, input, lastModified: new Date(0) }));
  return new Uint8Array(await downloadZip(entries).arrayBuffer());
}

describe("restoring a backup into a new room", () => {
  it("makes the room again: every row of every table, every photo and its copies, and stock that adds up", async () => {
    const from = await createRoom("Corner shop");
    const { socket } = await connectToRoom(from);
    const lamp = (await socket.call("items.add", [{ title: "Brass lamp", sku: "L-1", priceCents: 2500, quantity: 3 }]))
      .result as string;
    const tee = (await socket.call("items.add", [{ title: "Tee", sku: "TEE", quantity: 2, tags: ["summer"] }]))
      .result as string;
    const variants = { options: ["Size"], variants: [{ _id: tee, values: ["S"], sku: "TEE-S" }, { values: ["M"] }] };
    expect((await socket.call("items.setVariants", [tee, variants])).error).toBeUndefined();
    const back = (await socket.call("locations.add", ["Back room"])).result as string;
    const moved = await socket.call("stock.transfer", [{ itemId: lamp, from: "main", to: back, quantity: 2 }]);
    expect(moved.error).toBeUndefined();
    const sale = { itemId: lamp, locationId: "main", quantity: -1, reason: "sold" };
    expect((await socket.call("stock.adjust", [sale])).error).toBeUndefined();
    expect((await socket.call("items.update", [lamp, { priceCents: 2700 }])).error).toBeUndefined();
    // A photo with its thumbnail and web copy, on the lamp.
    const photo = jpegLike(7_000);
    const original = await upload(socket, photo, { name: "lamp.jpg" });
    const photoId = original._id as string;
    await upload(socket, jpegLike(900), { name: "lamp.jpg", fileId: photoId, version: "thumbnail" });
    await upload(socket, jpegLike(3_000), { name: "lamp.jpg", fileId: photoId, version: "web" });
    expect((await socket.call("items.addPhoto", [lamp, photoId])).error).toBeUndefined();
    const supplier = { name: "Acme Ceramics", email: "orders@acme.example", leadTimeDays: 7 };
    const supplierId = (await socket.call("suppliers.add", [supplier])).result as string;
    // An order from it, with its line and history.
    const order = (await socket.call("purchaseOrders.create", [{ supplierId }])).result as string;
    expect((await socket.call("purchaseOrders.setLine", [order, { itemId: lamp, quantity: 4 }])).error).toBeUndefined();
    // A count under way.
    const stocktake = (await socket.call("stocktake.start")).result as string;
    expect((await socket.call("stocktake.scan", [stocktake, "L-1"])).error).toBeUndefined();
    // A labelled item: its code stays the old room's.
    expect((await socket.call("items.publicLinks", [[lamp]])).error).toBeUndefined();
    socket.close();
    await expectLedgerAddsUp(from);

    const backup = await exportOf(from);
    const into = await createRoom("Restored shop");
    const answer = await restoreInto(into, backup);
    expect(answer.error).toBeUndefined();
    await whenRestored(into);

    // Photos took new ids (the directory keys files by id, and the old room still has them): mapped in order.
    const oldFiles = await tableRows(from, "files");
    const newFiles = await tableRows(into, "files");
    expect(newFiles).toHaveLength(oldFiles.length);
    const fileIds = new Map(oldFiles.map((file, index) => [file.id, newFiles[index]?.id]));
    const restoredFile = (file: Row) => ({ ...file, id: fileIds.get(file.id), storage_path: "", room_id: into });
    for (const table of RESTORED_TABLES) {
      const before = await tableRows(from, table);
      const after = await tableRows(into, table);
      const expected = before.map((row) => {
        const restored: Row = "room_id" in row ? { ...row, room_id: into } : { ...row };
        if (table === "items") {
          restored.photos = JSON.stringify((JSON.parse(String(row.photos)) as string[]).map((id) => fileIds.get(id)));
          restored.share_code = "";
          restored.store_product_id = "";
        }
        return table === "files" ? restoredFile(row) : restored;
      });
      const actual = table === "files" ? after.map((row) => ({ ...row, storage_path: "" })) : after;
      expect(actual, table).toEqual(expected);
    }
    expect(newFiles[0]?.storage_path).toBe(`rooms/${into}/itemPhotos/${fileIds.get(photoId)}`);
    // Every copy's bytes, under the new room.
    for (const version of ["original", "thumbnail", "web"]) {
      const old = await env.FILES.get(`rooms/${from}/itemPhotos/${photoId}/${version}`);
      const restored = await env.FILES.get(`rooms/${into}/itemPhotos/${fileIds.get(photoId)}/${version}`);
      expect(new Uint8Array(await (restored as R2ObjectBody).arrayBuffer()), version).toEqual(
        new Uint8Array(await (old as R2ObjectBody).arrayBuffer()),
      );
    }
    // The backup file itself is gone, record and bytes.
    expect((await env.FILES.list({ prefix: `rooms/${into}/roomBackups/` })).objects).toEqual([]);
    await expectLedgerAddsUp(into);

    // The room serves from what it restored: found by its SKU and barcode indexes, sold from, its photo served.
    const { socket: after } = await connectToRoom(into);
    const found = await after.call("stock.adjust", [{ itemId: lamp, locationId: back, quantity: -1, reason: "sold" }]);
    expect(found.error).toBeUndefined();
    const variantRow = await roomRow<{ item_id: string }>(
      into,
      "SELECT item_id FROM variant_codes WHERE code = ?",
      "tee-s",
    );
    expect(variantRow?.item_id).toBe(tee);
    const tagged = await roomRow<{ item_id: string }>(into, "SELECT item_id FROM item_tags WHERE tag = ?", "summer");
    expect(tagged?.item_id).toBe(tee);
    after.close();
    await expectLedgerAddsUp(into);
    expect(
      await env.DB.prepare("SELECT room_id FROM file_rooms WHERE file_id = ?")
        .bind(fileIds.get(photoId) as string)
        .first(),
    ).toEqual({ room_id: into });
  });

  it("makes a photo's copies from its original, its tags stripped, for a backup from before copies were kept", async () => {
    const from = await createRoom("Older backup");
    const { socket } = await connectToRoom(from);
    const lamp = (await socket.call("items.add", [{ title: "Lamp" }])).result as string;
    const photo = await upload(socket, taggedJpeg(4_000), { name: "lamp.jpg" });
    await upload(socket, jpegLike(600), { name: "lamp.jpg", fileId: photo._id, version: "thumbnail" });
    expect((await socket.call("items.addPhoto", [lamp, photo._id])).error).toBeUndefined();
    socket.close();
    // As a version 1 backup was: originals only.
    const entries = zipEntries(await exportOf(from));
    const json = JSON.parse(new TextDecoder().decode(entries.get("room.json")));
    json.version = 1;
    const older: Record<string, string | Uint8Array> = { "room.json": JSON.stringify(json) };
    for (const [name, bytes] of entries)
      if (name.startsWith("files/") && !name.includes("/versions/")) older[name] = bytes;

    const into = await createRoom();
    expect((await restoreInto(into, await zipOf(older))).error).toBeUndefined();
    await whenRestored(into);
    const file = await roomRow<{ id: string; versions: string }>(into, "SELECT id, versions FROM files");
    expect(Object.keys(JSON.parse(file?.versions ?? "{}"))).toEqual(["original", "thumbnail"]);
    const copy = await env.FILES.get(`rooms/${into}/itemPhotos/${file?.id}/thumbnail`);
    const text = new TextDecoder("latin1").decode(await (copy as R2ObjectBody).arrayBuffer());
    // The original's place tags are not in the copy everyone may see.
    expect(text).not.toContain("GPSLatitude");
    expect((await roomRow<{ photos: string }>(into, "SELECT photos FROM items"))?.photos).toBe(
      JSON.stringify([file?.id]),
    );
  });

  it("refuses a file that is not a backup, a room that has items, and anyone but the room's owner", async () => {
    const into = await createRoom();
    const notABackup = await restoreInto(into, await zipOf({ "notes.txt": "hello" }));
    expect(notABackup.error).toMatchObject({
      error: 400,
      reason: "This file is not a Stockroom backup (a room's “Download a copy of this room” ZIP)",
    });
    const newer = await zipOf({ "room.json": JSON.stringify({ format: "stockroom-room-export", version: 99 }) });
    expect((await restoreInto(into, newer)).error).toMatchObject({
      error: 400,
      reason: "This backup was made by a newer version of Stockroom; update this server first",
    });

    const admin = await signUpUser();
    const { socket } = await connectToRoom(into);
    expect((await socket.call("members.invite", [admin.email, "admin"])).error).toBeUndefined();
    socket.close();
    const backup = await exportOf(into);
    expect((await restoreInto(into, backup, admin.token)).error).toMatchObject({ error: 403 });

    const { socket: owner } = await connectToRoom(into);
    await owner.call("items.add", [{ title: "Mug" }]);
    owner.close();
    expect((await restoreInto(into, backup)).error).toMatchObject({
      error: 409,
      reason: "A backup is restored into a new, empty room: this one has items already",
    });
  });

  it("refuses whole a backup whose stock does not add up to its ledger, leaving the room empty and saying why", async () => {
    const from = await createRoom("Shop");
    const { socket } = await connectToRoom(from);
    await socket.call("items.add", [{ title: "Mug", quantity: 5 }]);
    await socket.call("items.add", [{ title: "Jug", quantity: 2 }]);
    socket.close();
    // The backup, edited by hand: the mug says 9 where its movements add up to 5.
    const json = JSON.parse(new TextDecoder().decode(zipEntries(await exportOf(from)).get("room.json")));
    for (const item of json.tables.items)
      if (item.title === "Mug") Object.assign(item, { quantity: 9, stock: '{"main":9}' });
    const edited = await zipOf({ "room.json": JSON.stringify(json) });

    const into = await createRoom();
    const { socket: watching } = await connectToRoom(into);
    // Every member's connection hears how a restore goes (room.opening, a universal publication).
    expect((await restoreInto(into, edited)).error).toBeUndefined();
    const failed = await watching.next(
      (m) => m.collection === "roomOpening" && (m.fields as { failed?: string } | undefined)?.failed !== undefined,
    );
    expect((failed.fields as { failed: string }).failed).toBe(
      "This backup's stock does not add up to its ledger for 1 item (“Mug”), so nothing was restored",
    );
    watching.close();
    for (const table of ["items", "movements", "files"]) {
      expect(await roomRows(into, `SELECT id FROM ${table}`), table).toEqual([]);
    }
    expect((await env.FILES.list({ prefix: `rooms/${into}/roomBackups/` })).objects).toEqual([]);
    // Empty, it takes another backup (the right one).
    expect((await restoreInto(into, await exportOf(from))).error).toBeUndefined();
    await whenRestored(into);
    expect(
      (await roomRows<{ title: string }>(into, "SELECT title FROM items ORDER BY title")).map((row) => row.title),
    ).toEqual(["Jug", "Mug"]);
    await expectLedgerAddsUp(into);
  });

  it("goes on where it was cut off when the room restarts part-way, and counts nothing twice", async () => {
    const from = await createRoom("Large shop");
    const count = 2_000;
    const items = Array.from({ length: count }, (_, i) => ({ id: `${from}-${i}`, title: `Jar ${i}`, quantity: i % 4 }));
    await roomRows(
      from,
      `INSERT INTO items (id, room_id, title, quantity, status, created_at, updated_at)
       SELECT value ->> '$.id', ?1, value ->> '$.title', value ->> '$.quantity', 'ready', 1000, 1000
       FROM json_each(?2)`,
      from,
      JSON.stringify(items),
    );
    // Woken again, the room starts its ledger for them (an opening movement each), as for a room from before it.
    await evictDurableObject(roomStub(from));
    const { socket } = await connectToRoom(from);
    socket.close();
    await expectLedgerAddsUp(from);

    const into = await createRoom();
    expect((await restoreInto(into, await exportOf(from))).error).toBeUndefined();
    // Cut off once some of its records are in.
    for (const deadline = Date.now() + 30_000; ; ) {
      const state = await roomRow<{ value: string }>(into, "SELECT value FROM room_state WHERE key = 'backup-restore'");
      const written = state ? (JSON.parse(state.value) as { rows: number }).rows : count;
      if (written >= 500 || Date.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    // The object reset, as a deploy or an exceeded limit does: what was running stops there.
    await runInDurableObject(roomStub(into), (_instance, state) => state.abort("cut off in a test")).catch(() => {});
    // Woken again (someone opens the room), it goes on.
    const { socket: reopened } = await connectToRoom(into);
    reopened.close();
    await whenRestored(into);
    for (const table of ["items", "movements"]) {
      const before = await roomRows<{ id: string }>(from, `SELECT id FROM ${table} ORDER BY id`);
      const after = await roomRows<{ id: string }>(into, `SELECT id FROM ${table} ORDER BY id`);
      expect(after, table).toEqual(before);
    }
    // Each item written once: the restart went on from its last transaction instead of starting again (the
    // change log phones copy from numbers every write, so a second pass would show as more changes).
    expect(await roomRow(into, "SELECT max(seq) AS last FROM item_changes")).toEqual({ last: count });
    await expectLedgerAddsUp(into);
  });
});
