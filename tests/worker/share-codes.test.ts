/**
 * Labels' short codes (worker/inventory/share-codes.ts): kept on each item
 * and found by an index, copied to the directory through the room's outbox
 * for the share route, and copied in from the directory for a room whose
 * codes an earlier release kept only there.
 */
import { env, evictDurableObject, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { BULK_CHUNK } from "../../worker/inventory/bulk-jobs";
import { connectToRoom, createRoom, type DdpSocket } from "./ddp-socket";
import { roomRow, roomRows, roomStub } from "./room-rows";
import { countRoomStatements } from "./statement-counter";

async function linkOf(socket: DdpSocket, itemId: string): Promise<string> {
  const links = (await socket.call("items.publicLinks", [[itemId]])).result as Record<string, string>;
  return links[itemId] as string;
}

const codeIn = (link: string) => link.split("/s/")[1] as string;

describe("labels' short codes", () => {
  it("keeps a label's code on its item, live for everyone, and gives the directory a copy for the share route", async () => {
    const roomId = await createRoom();
    const { socket } = await connectToRoom(roomId);
    const mug = (await socket.call("items.add", [{ title: "Mug", priceCents: 900 }])).result as string;
    await socket.subscribe("items");
    const edited = () => roomRow(roomId, "SELECT updated_at, updated_by FROM items WHERE id = ?", mug);
    const before = await edited();
    const link = await linkOf(socket, mug);
    // Printing a label is not an edit of the item.
    expect(await edited()).toEqual(before);
    const code = codeIn(link);
    expect(code).toMatch(/^[A-Za-z0-9]{10}$/);
    await expect.poll(() => socket.held("items").get(mug)?.shareCode).toBe(code);
    // Printed again: the same code.
    expect(await linkOf(socket, mug)).toBe(link);
    expect(await env.DB.prepare("SELECT room_id, item_id FROM share_codes WHERE code = ?").bind(code).first()).toEqual({
      room_id: roomId,
      item_id: mug,
    });
    const shared = await SELF.fetch(`https://stockroom.test/api/share/s/${code}`);
    expect(shared.status).toBe(200);
    expect(await shared.json()).toMatchObject({ title: "Mug" });
    socket.close();
  });

  it("keeps an item's label code through a remove and its undo, so labels printed before still name it", async () => {
    const roomId = await createRoom();
    const { socket } = await connectToRoom(roomId);
    const mug = (await socket.call("items.add", [{ title: "Mug", priceCents: 900 }])).result as string;
    const link = await linkOf(socket, mug);
    expect((await socket.call("items.remove", [mug])).error).toBeUndefined();
    expect((await socket.call("items.restore", [mug, { title: "Mug", priceCents: 900 }])).error).toBeUndefined();
    expect(await linkOf(socket, mug)).toBe(link);
    const stocktakeId = (await socket.call("stocktake.start")).result as string;
    expect((await socket.call("stocktake.scan", [stocktakeId, link])).result).toMatchObject({ itemId: mug });
    const shared = await SELF.fetch(`https://stockroom.test/api/share/s/${codeIn(link)}`);
    expect(shared.status).toBe(200);
    socket.close();
  });

  it("finds a label's item, a store page's listing and a stocktake's count by their indexes, not by reading every row", async () => {
    const roomId = await createRoom();
    const plan = async (query: string, ...binds: string[]) =>
      (await roomRows<{ detail: string }>(roomId, `EXPLAIN QUERY PLAN ${query}`, ...binds))
        .map((row) => row.detail)
        .join("; ");
    expect(
      await plan("SELECT * FROM items WHERE share_code = ? AND share_code <> '' AND room_id = ?", "abc", roomId),
    ).toContain("items_share_code_idx");
    expect(
      await plan(
        "SELECT * FROM store_listings WHERE lower(handle) = ? AND handle <> '' AND room_id = ? AND state = 'active'",
        "blue-jug",
        roomId,
      ),
    ).toContain("store_listings_handle_idx");
    // A stocktake's tally reads one variant at one place again after a scan (worker/stocktake/stocktake-tally.ts).
    expect(
      await plan(
        "SELECT at FROM stocktake_scans WHERE stocktake_id = ? AND variant_id = ? AND location_id = ? AND taken_back_at IS NULL",
        "st",
        "v",
        "main",
      ),
    ).toContain("stocktake_scans_variant_idx");
  });

  it("copies a room's codes in from the directory once it is open, and counts their labels meanwhile", async () => {
    const roomId = await createRoom();
    const { socket } = await connectToRoom(roomId);
    const add = async (title: string) => (await socket.call("items.add", [{ title }])).result as string;
    const [lamp, vase] = [await add("Lamp"), await add("Vase")];
    socket.close();
    // As an earlier release left it: the codes in the directory only, and the room not yet told to copy them —
    // more than one chunk's worth (codes of items removed since are skipped).
    const now = Date.now();
    const insert = "INSERT INTO share_codes (code, room_id, item_id, created_at) VALUES (?, ?, ?, ?)";
    const gone = Array.from({ length: BULK_CHUNK + 20 }, (_, i) =>
      env.DB.prepare(insert).bind(`G${String(i).padStart(4, "0")}${roomId.slice(0, 5)}`, roomId, `gone-${i}`, now),
    );
    await env.DB.batch([
      env.DB.prepare(insert).bind(`L${roomId.slice(0, 9)}`, roomId, lamp, now),
      env.DB.prepare(insert).bind(`V${roomId.slice(0, 9)}`, roomId, vase, now),
      ...gone,
    ]);
    await roomRows(roomId, "DELETE FROM room_state WHERE key = 'share-codes-copied'");
    // Before the room copies them (it does once it opens next), a label is looked up in the directory.
    const { socket: meanwhile } = await connectToRoom(roomId);
    const counting = (await meanwhile.call("stocktake.start")).result as string;
    const early = await meanwhile.call("stocktake.scan", [counting, `https://x.test/s/L${roomId.slice(0, 9)}`]);
    expect(early.result).toMatchObject({ itemId: lamp });
    expect((await meanwhile.call("stocktake.cancel", [counting])).error).toBeUndefined();
    meanwhile.close();
    await evictDurableObject(roomStub(roomId));

    const { socket: again } = await connectToRoom(roomId);
    await expect
      .poll(
        async () =>
          (await roomRows(roomId, "SELECT share_code FROM items WHERE share_code <> '' ORDER BY title")).length,
      )
      .toBe(2);
    expect(await roomRows(roomId, "SELECT title, share_code FROM items ORDER BY title")).toEqual([
      { title: "Lamp", share_code: `L${roomId.slice(0, 9)}` },
      { title: "Vase", share_code: `V${roomId.slice(0, 9)}` },
    ]);
    await expect
      .poll(async () => await roomRow(roomId, "SELECT value FROM room_state WHERE key = 'share-codes-copied'"))
      .not.toBeNull();
    // In chunks, each its own turn: the room took other work between them.
    expect(
      await roomRow(
        roomId,
        "SELECT done, status FROM bulk_jobs WHERE kind = 'share-codes-copy' ORDER BY started_at DESC",
      ),
    ).toEqual({ done: BULK_CHUNK + 22, status: "done" });
    // Printing again gives the labels already out there, and a scan of one reads no directory.
    expect(codeIn(await linkOf(again, lamp))).toBe(`L${roomId.slice(0, 9)}`);
    const stocktakeId = (await again.call("stocktake.start")).result as string;
    const directoryReads = await countRoomStatements(roomId, /share_codes/, `V${roomId.slice(0, 9)}`);
    const scan = await again.call("stocktake.scan", [stocktakeId, `https://x.test/s/V${roomId.slice(0, 9)}`]);
    expect(scan.result).toMatchObject({ itemId: vase });
    expect(await directoryReads()).toBe(0);
    again.close();
  });
});
