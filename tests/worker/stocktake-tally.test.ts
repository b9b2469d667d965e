/**
 * A stocktake's tally (worker/stocktake/stocktake-tally.ts): a phone gets what
 * the scans add up to — per variant at each place, and per person — and its
 * own latest scans, never every scan of a big stocktake.
 */
import { describe, expect, it } from "vitest";
import { STOCKTAKE_SCANS_SHOWN } from "../../protocol/stocktake-args";
import { connectToRoom, createRoom } from "./ddp-socket";
import { roomRows } from "./room-rows";

const SCANS = 3_000;

describe("a stocktake's tally", () => {
  it("sends what thousands of scans add up to, keeps it in step scan by scan, and each phone only its own latest scans", async () => {
    const roomId = await createRoom();
    const { socket } = await connectToRoom(roomId);
    const add = async (title: string, sku: string) =>
      (await socket.call("items.add", [{ title, sku, quantity: 4 }])).result as string;
    const items = [await add("Mug", "MUG-1"), await add("Jug", "JUG-1"), await add("Bowl", "BOWL-1")];
    const stocktakeId = (await socket.call("stocktake.start")).result as string;
    // Three people's scans, written straight into the room's storage.
    await roomRows(
      roomId,
      `WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ?3 - 1)
       INSERT INTO stocktake_scans (id, room_id, stocktake_id, item_id, variant_id, location_id, user_id, at, held_then)
       SELECT 'seeded-' || i, ?1, ?2, json_extract(?4, '$[' || (i % 3) || ']'), json_extract(?4, '$[' || (i % 3) || ']'),
              'main', 'person-' || (i % 3), 1000 + i, 4 FROM n`,
      roomId,
      stocktakeId,
      SCANS,
      JSON.stringify(items),
    );
    // And two from before variants and places, which name neither.
    await roomRows(
      roomId,
      `INSERT INTO stocktake_scans (id, room_id, stocktake_id, item_id, variant_id, location_id, user_id, at)
       VALUES ('old-1', ?1, ?2, ?3, '', '', 'person-0', 10), ('old-2', ?1, ?2, ?3, '', '', 'person-0', 11)`,
      roomId,
      stocktakeId,
      items[2] as string,
    );
    const { socket: phone } = await connectToRoom(roomId);
    await phone.subscribe("stocktake.tally", [stocktakeId]);
    await phone.subscribe("stocktake.scans", [stocktakeId]);
    const counts = () => {
      const docs = [...phone.held("stocktakeTally").values()];
      return {
        variants: Object.fromEntries(docs.filter((doc) => "variantId" in doc).map((doc) => [doc.variantId, doc.count])),
        people: Object.fromEntries(docs.filter((doc) => "userId" in doc).map((doc) => [doc.userId, doc.count])),
      };
    };
    const third = SCANS / 3;
    expect(counts()).toEqual({
      variants: { [items[0] as string]: third, [items[1] as string]: third, [items[2] as string]: third + 2 },
      people: { "person-0": third + 2, "person-1": third, "person-2": third },
    });
    // The phone was sent a handful of documents, not three thousand scans.
    expect(phone.received.filter((m) => m.msg === "added").length).toBeLessThan(20);

    // A scan made, then taken back: the tally follows, and the scanner's own list has it.
    const { socket: counter } = await connectToRoom(roomId);
    await counter.subscribe("stocktake.scans", [stocktakeId]);
    const scanned = (await counter.call("stocktake.scan", [stocktakeId, "MUG-1"])).result as { scanId: string };
    await expect.poll(() => counts().variants[items[0] as string]).toBe(third + 1);
    expect([...counter.held("stocktakeScans").keys()]).toEqual([scanned.scanId]);
    expect((await counter.call("stocktake.unscan", [stocktakeId, scanned.scanId])).error).toBeUndefined();
    await expect.poll(() => counts().variants[items[0] as string]).toBe(third);
    expect(counter.held("stocktakeScans").size).toBe(0);
    // The last scan's moment and what was recorded then are the latest scan's.
    const mug = [...phone.held("stocktakeTally").values()].find((doc) => doc.variantId === items[0]);
    expect(mug).toMatchObject({ heldThen: 4, lastAt: new Date(1000 + SCANS - 3) });

    // Scans from before variants and places name neither: they count for the item at the stocktake's first place,
    // and taking one back takes it out of that count.
    const { socket: late } = await connectToRoom(roomId);
    await late.subscribe("stocktake.tally", [stocktakeId]);
    const bowlCount = () =>
      [...late.held("stocktakeTally").values()].find((doc) => doc.variantId === items[2] && doc.locationId === "main")
        ?.count;
    expect(bowlCount()).toBe(third + 2);
    expect((await socket.call("stocktake.unscan", [stocktakeId, "old-1"])).error).toBeUndefined();
    await expect.poll(bowlCount).toBe(third + 1);
    expect([...late.held("stocktakeTally").keys()].some((id) => id.endsWith("@"))).toBe(false);
    late.close();

    // A person's own list is their latest scans only.
    for (let i = 0; i < STOCKTAKE_SCANS_SHOWN + 3; i++) await counter.call("stocktake.scan", [stocktakeId, "JUG-1"]);
    expect(counter.held("stocktakeScans").size).toBe(STOCKTAKE_SCANS_SHOWN);
    for (const each of [socket, phone, counter]) each.close();
  });
});
