/**
 * Exactly once (docs/architecture.md §10): a write a method call made is
 * remembered with its answer in the same commit, so the call run again —
 * re-sent after a crash lost its answer and the result cache with it —
 * answers the same and changes nothing. Every write method of a room is
 * run twice here: once, then again on a fresh session, where no result
 * cache can answer for it.
 */
import { evictDurableObject, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { connectToRoom, createRoom, type DdpSocket, type Received } from "./ddp-socket";
import { expectLedgerAddsUp } from "./ledger";
import { roomRows, roomStub } from "./room-rows";

/** Sends a call with a random seed, as the app and Meteor clients do, and waits for its answer. */
async function callSeeded(socket: DdpSocket, method: string, params: unknown[], randomSeed: string): Promise<Received> {
  const id = crypto.randomUUID();
  socket.send({ msg: "method", id, method, params, randomSeed });
  const [result] = await Promise.all([socket.next((m) => m.msg === "result" && m.id === id), socket.waitUpdated(id)]);
  return result;
}

/** Everything a write can change in a room, as rows. */
async function roomState(roomId: string): Promise<string> {
  const tables = ["items", "movements", "item_history", "locations", "stocktakes", "stocktake_scans", "variant_codes"];
  const parts: unknown[] = [];
  for (const table of tables) parts.push(await roomRows(roomId, `SELECT * FROM ${table} ORDER BY rowid`));
  return JSON.stringify(parts);
}

describe("exactly once, the answer lost", () => {
  it("runs every write method of a room once, however often it is re-sent with its seed", async () => {
    const roomId = await createRoom();
    const { socket } = await connectToRoom(roomId);
    let n = 0;
    /** Calls once, then again with the same seed on a new session: same answer, nothing changed. */
    const once = async (method: string, ...params: unknown[]): Promise<unknown> => {
      const seed = `seed-${n++}-${crypto.randomUUID()}`;
      const first = await callSeeded(socket, method, params, seed);
      expect(first.error, `${method} ${JSON.stringify(first.error)}`).toBeUndefined();
      const before = await roomState(roomId);
      const { socket: again } = await connectToRoom(roomId);
      const second = await callSeeded(again, method, params, seed);
      again.close();
      expect(second.error, method).toBeUndefined();
      expect(second.result, method).toEqual(first.result);
      expect(await roomState(roomId), `${method} changed the room when re-sent`).toBe(before);
      return first.result;
    };

    const tee = (await once("items.add", { title: "Tee", quantity: 3 })) as string;
    const mug = (await once("items.add", { title: "Mug", sku: "MUG-1", quantity: 0 })) as string;
    await once("items.update", tee, { priceCents: 1500 });
    const received = (await once("stock.adjust", {
      itemId: tee,
      locationId: "main",
      quantity: 2,
      reason: "received",
    })) as string;
    const sold = await once("stock.adjust", {
      itemId: tee,
      locationId: "main",
      quantity: -1,
      reason: "sold",
      priceCents: 1500,
    });
    expect(sold).not.toBe(received);
    const back = (await once("locations.add", "Back room")) as string;
    await once("locations.rename", back, "Stall");
    await once("stock.transfer", { itemId: tee, from: "main", to: back, quantity: 1 });
    await once("stock.undo", received);
    await once("stock.receive", "MUG-1", "main", 4);
    await once("items.setStatus", [tee, mug], "ready");
    const bulk = (await once("items.bulkEdit", [tee, mug], {
      stock: { quantity: 5, reason: "received", locationId: "main" },
      price: { percent: 10 },
    })) as { undo: unknown };
    await once("items.bulkUndo", bulk.undo);
    await once("items.import", {
      importId: "import-once",
      part: 0,
      dryRun: false,
      products: [
        {
          row: 2,
          handle: "cap",
          title: "Cap",
          options: ["Colour"],
          variants: [
            { row: 2, values: ["Red"], sku: "CAP-R", quantity: 3 },
            { row: 3, values: ["Blue"], sku: "CAP-B", quantity: 2 },
          ],
        },
      ],
    });
    await once("items.setVariants", tee, {
      options: ["Size"],
      variants: [{ _id: tee, values: ["S"] }, { values: ["M"] }],
    });
    const teeVariants = await roomRows<{ variants: string }>(roomId, "SELECT variants FROM items WHERE id = ?", tee);
    const medium = (JSON.parse(teeVariants[0]?.variants ?? "[]") as { _id: string }[])[1]?._id as string;
    await once("items.updateVariant", tee, medium, { quantity: 7, sku: "TEE-M" });
    const stocktake = (await once("stocktake.start")) as string;
    const scan = (await once("stocktake.scan", stocktake, "TEE-M")) as { scanId: string };
    await once("stocktake.scan", stocktake, "MUG-1");
    await once("stocktake.unscan", stocktake, scan.scanId);
    await once("stocktake.apply", stocktake, {});
    await once("items.remove", mug);
    await once("stock.transfer", { itemId: tee, variantId: tee, from: back, to: "main", quantity: 1 });
    await once("locations.archive", back, true);

    await expectLedgerAddsUp(roomId);
    socket.close();
  });

  it("answers a call with no seed, re-sent on its resumed session after a restart lost the result cache, without running it again", async () => {
    const roomId = await createRoom();
    const { socket, session } = await connectToRoom(roomId);
    const item = (await socket.call("items.add", [{ title: "Jug", quantity: 1 }])).result as string;
    const frame = {
      msg: "method",
      id: "receive-1",
      method: "stock.adjust",
      params: [{ itemId: item, locationId: "main", quantity: 5, reason: "received" }],
    };
    socket.send(frame);
    const first = await socket.next((m) => m.msg === "result" && m.id === "receive-1");
    socket.close();
    // What a crash right after the commit leaves: the write, and no cached answer.
    const room = roomStub(roomId);
    await evictDurableObject(room);
    await runInDurableObject(room, (_, state) => {
      for (const [key] of state.storage.kv.list({ prefix: "live:result:" })) state.storage.kv.delete(key);
    });

    const { socket: resumed } = await connectToRoom(roomId, { session });
    resumed.send(frame);
    const again = await resumed.next((m) => m.msg === "result" && m.id === "receive-1");
    expect(again.result).toBe(first.result);
    const [jug] = await roomRows<{ quantity: number }>(roomId, "SELECT quantity FROM items WHERE id = ?", item);
    expect(jug?.quantity).toBe(6);
    const received = await roomRows(roomId, "SELECT id FROM movements WHERE item_id = ? AND reason = 'received'", item);
    expect(received).toHaveLength(1);
    await expectLedgerAddsUp(roomId);
    resumed.close();
  });

  it("forgets a call's writes after 30 days", async () => {
    const roomId = await createRoom();
    const { socket } = await connectToRoom(roomId);
    await callSeeded(socket, "items.add", [{ title: "Old" }], "old-seed");
    socket.close();
    const kept = await roomRows(roomId, "SELECT key FROM applied_writes");
    expect(kept.length).toBeGreaterThan(0);
    await runInDurableObject(roomStub(roomId), (_, state) => {
      state.storage.sql.exec("UPDATE applied_writes SET at = at - ?", 31 * 24 * 60 * 60_000);
    });
    // The room's alarm prunes them.
    await runInDurableObject(roomStub(roomId), async (instance) => {
      await (instance as unknown as { onAlarm(): Promise<void> }).onAlarm();
    });
    expect(await roomRows(roomId, "SELECT key FROM applied_writes")).toEqual([]);
  });
});
