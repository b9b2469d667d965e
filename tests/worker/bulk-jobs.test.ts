/**
 * Bulk writes run a chunk at a time (worker/inventory/bulk-jobs.ts): each chunk
 * in one transaction with the job's position, progress published, and a
 * job cut off by a restart goes on from its last chunk.
 */
import { env, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { LIMITS } from "../../protocol/api";
import { BULK_CHUNK, resumeBulkJobs } from "../../worker/inventory/bulk-jobs";
import type { RoomHost } from "../../worker/rooms/room-host";
import { applyJobId } from "../../worker/stocktake/stocktake-apply";
import { connectToRoom, createRoom, signUpUser } from "./ddp-socket";
import { roomRow, roomRows } from "./room-rows";

const ITEMS = 2 * BULK_CHUNK + 137;

function roomStub(roomId: string) {
  const namespace = env.ROOM as unknown as DurableObjectNamespace;
  return namespace.get(namespace.idFromName(roomId));
}

/** A room with ITEMS items of quantity 5, written straight into its storage before anyone opens them. */
async function roomWithItems(): Promise<string> {
  const roomId = await createRoom("Warehouse");
  const ids = Array.from({ length: ITEMS }, (_, i) => `${roomId}-${String(i).padStart(5, "0")}`);
  await roomRows(
    roomId,
    `INSERT INTO items (id, room_id, title, quantity, created_at, updated_at)
     SELECT value, ?1, 'Item ' || value, 5, 1000, 1000 FROM json_each(?2)`,
    roomId,
    JSON.stringify(ids),
  );
  return roomId;
}

/** Every item counted `counted` times in the stocktake (as scans would have). */
async function scanAll(roomId: string, stocktakeId: string, counted: number) {
  for (let n = 0; n < counted; n++) {
    await roomRows(
      roomId,
      `INSERT INTO stocktake_scans (id, room_id, stocktake_id, item_id, user_id, at)
       SELECT 'scan-' || ?3 || '-' || id, room_id, ?2, id, 'counter', 2000 FROM items WHERE room_id = ?1`,
      roomId,
      stocktakeId,
      n,
    );
  }
}

describe("bulk writes", () => {
  it("applies a stocktake over several chunks, showing progress, with every change in history", async () => {
    const roomId = await roomWithItems();
    const { socket: owner } = await connectToRoom(roomId);
    const stocktakeId = (await owner.call("stocktake.start")).result as string;
    await scanAll(roomId, stocktakeId, 3);
    expect((await owner.subscribe("bulkJobs", [], "jobs")).msg).toBe("ready");

    const applied = await owner.call("stocktake.apply", [stocktakeId]);
    expect(applied.result).toEqual({ changed: ITEMS });

    const progress = owner.received
      .filter((m) => m.collection === "bulkJobs" && (m.msg === "added" || m.msg === "changed"))
      .map((m) => (m.fields as { done?: number }).done)
      .filter((done) => done !== undefined);
    // A chunk at a time: the count rose in steps, the last one everything.
    expect(progress).toEqual([0, BULK_CHUNK, 2 * BULK_CHUNK, ITEMS]);
    const job = owner.received.findLast((m) => m.collection === "bulkJobs" && m.msg === "changed");
    expect(job?.fields).toMatchObject({ status: "done" });

    expect(await roomRow(roomId, "SELECT count(*) AS n FROM items WHERE quantity = 3")).toEqual({ n: ITEMS });
    expect(
      await roomRow(roomId, "SELECT count(*) AS n FROM item_history WHERE via = ?", `stocktake:${stocktakeId}`),
    ).toEqual({ n: ITEMS });
    expect(await roomRow(roomId, "SELECT status FROM stocktakes WHERE id = ?", stocktakeId)).toEqual({
      status: "applied",
    });
    // Sent again (its answer lost), the apply answers the same and changes nothing more.
    expect((await owner.call("stocktake.apply", [stocktakeId])).result).toEqual({ changed: ITEMS });
    owner.close();
  });

  it("goes on after a restart from the chunk it reached, and changes nothing twice", async () => {
    const roomId = await roomWithItems();
    const { socket: owner } = await connectToRoom(roomId);
    const stocktakeId = (await owner.call("stocktake.start")).result as string;
    await scanAll(roomId, stocktakeId, 2);
    // As a restart leaves it: the job's first chunk committed (with its history), then the object went away.
    const [first] = await roomRows<{ id: string }>(
      roomId,
      "SELECT id FROM items ORDER BY id LIMIT 1 OFFSET ?",
      BULK_CHUNK - 1,
    );
    await roomRows(roomId, "UPDATE items SET quantity = 2 WHERE id <= ?", first?.id as string);
    await roomRows(
      roomId,
      `INSERT INTO item_history (id, room_id, item_id, user_id, action, changes, at, via)
       SELECT 'h-' || id, room_id, id, 'owner', 'updated', '{}', 3000, ?2 FROM items WHERE id <= ?1`,
      first?.id as string,
      `stocktake:${stocktakeId}`,
    );
    await roomRows(
      roomId,
      `INSERT INTO bulk_jobs (id, kind, subject, params, cursor, done, total, result, status, started_by, started_at)
       VALUES (?1, 'stocktake-apply', ?2, ?3, ?4, ?5, ?6, ?7, 'running', 'owner', 3000)`,
      applyJobId(stocktakeId),
      stocktakeId,
      JSON.stringify({ stocktakeId, unseenToZero: false }),
      first?.id as string,
      BULK_CHUNK,
      ITEMS,
      JSON.stringify({ changed: BULK_CHUNK }),
    );
    // A scan meanwhile is kept as a late one (docs/stock.md): the counts being applied hold still.
    const scan = await owner.call("stocktake.scan", [stocktakeId, `${roomId}-00001`]);
    expect(scan.result).toMatchObject({ late: true });

    // What the room does when it wakes.
    await runInDurableObject(roomStub(roomId), (instance) =>
      resumeBulkJobs((instance as unknown as { liveHost: RoomHost }).liveHost),
    );
    expect((await owner.call("stocktake.apply", [stocktakeId])).result).toEqual({ changed: ITEMS });
    expect(await roomRow(roomId, "SELECT count(*) AS n FROM items WHERE quantity = 2")).toEqual({ n: ITEMS });
    expect(
      await roomRow(roomId, "SELECT count(*) AS n FROM item_history WHERE via = ?", `stocktake:${stocktakeId}`),
    ).toEqual({ n: ITEMS });
    owner.close();
  });

  it("sets a status on a whole selection through the same bulk path, each change in history", async () => {
    const roomId = await roomWithItems();
    const { socket } = await connectToRoom(roomId);
    const ids = (await roomRows<{ id: string }>(roomId, "SELECT id FROM items LIMIT ?", LIMITS.BULK)).map(
      (row) => row.id,
    );
    const answer = await socket.call("items.setStatus", [ids, "ready"]);
    expect(answer.result).toBe(LIMITS.BULK);
    expect(await roomRow(roomId, "SELECT count(*) AS n FROM items WHERE status = 'ready'")).toEqual({
      n: LIMITS.BULK,
    });
    expect(await roomRow(roomId, "SELECT count(*) AS n FROM item_history")).toEqual({ n: LIMITS.BULK });
    // Refused whole when one of them is gone: nothing changes.
    const refused = await socket.call("items.setStatus", [[...ids.slice(1), "no-such-item"], "sold"]);
    expect(refused.error).toMatchObject({ error: 404 });
    expect(await roomRow(roomId, "SELECT count(*) AS n FROM items WHERE status = 'sold'")).toEqual({ n: 0 });
    socket.close();
  });

  it("sets a status on a selection bigger than a chunk in one call, as a job that goes on when the tab that asked closes", async () => {
    const roomId = await roomWithItems();
    const ids = (await roomRows<{ id: string }>(roomId, "SELECT id FROM items")).map((row) => row.id);
    expect(ids.length).toBeGreaterThan(2 * LIMITS.BULK);
    const { socket: watcher } = await connectToRoom(roomId);
    await watcher.subscribe("bulkJobs");
    const { socket } = await connectToRoom(roomId);
    // Sent, and the tab closed before any answer.
    socket.send({ msg: "method", id: "status-1", method: "items.setStatus", params: [ids, "listed", "statusJob1"] });
    await expect.poll(() => watcher.held("bulkJobs").get("statusJob1")?.status).toBeDefined();
    socket.close();
    await expect.poll(() => watcher.held("bulkJobs").get("statusJob1")?.status, { timeout: 30_000 }).toBe("done");
    expect(watcher.held("bulkJobs").get("statusJob1")).toMatchObject({ kind: "set-status", done: ITEMS, total: ITEMS });
    expect(await roomRow(roomId, "SELECT count(*) AS n FROM items WHERE status = 'listed'")).toEqual({ n: ITEMS });
    // Someone else's job id is not joined.
    const other = await signUpUser();
    const { socket: owner } = await connectToRoom(roomId);
    expect((await owner.call("members.invite", [other.email, "member"])).error).toBeUndefined();
    const { socket: member } = await connectToRoom(roomId, { token: other.token });
    expect((await member.call("items.setStatus", [ids.slice(0, 3), "draft", "statusJob1"])).error).toMatchObject({
      error: 409,
      reason: "This job id is already used",
    });
    for (const each of [watcher, owner, member]) each.close();
  });
});
