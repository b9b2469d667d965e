/**
 * A CSV import's one bulk path on the server (worker/inventory/import-job.ts):
 * the file's products are sent once, the check and the import each run as
 * a bulk job a part at a time with published progress, an import that a
 * part stops keeps the parts before it and says how far it got, and a run
 * sent again answers the same without doing anything twice.
 */
import { describe, expect, it } from "vitest";
import { LIMITS } from "../../protocol/api";
import { connectToRoom, createRoom, type DdpSocket } from "./ddp-socket";
import { expectLedgerAddsUp } from "./ledger";
import { roomRow } from "./room-rows";

const SIZES = ["S", "M", "L", "XL"];

/** `count` products in four sizes, each row counted (so the import writes movements). */
function tees(count: number, from = 0) {
  return Array.from({ length: count }, (_, i) => {
    const n = from + i;
    return {
      row: 2 + n * 4,
      handle: `tee-${n}`,
      title: `Tee ${n}`,
      options: ["Size"],
      variants: SIZES.map((size, index) => ({
        row: 2 + n * 4 + index,
        values: [size],
        sku: `TEE-${n}-${size}`,
        priceCents: 1500,
        quantity: (n + index) % 5,
      })),
    };
  });
}

async function run(socket: DdpSocket, importId: string, jobId: string, dryRun: boolean) {
  const answer = await socket.call("items.importRun", [{ importId, jobId, dryRun, quantityAt: "main" }]);
  expect(answer.error).toBeUndefined();
  return answer.result as { report: Record<string, unknown>; done: number; total: number; error?: string };
}

const count = async (roomId: string, table: string) =>
  ((await roomRow<{ n: number }>(roomId, `SELECT count(*) AS n FROM ${table}`)) as { n: number }).n;

describe("a CSV import on the server", () => {
  it("checks and imports a file sent once, a part at a time with its progress, and nothing twice", async () => {
    const roomId = await createRoom();
    const { socket } = await connectToRoom(roomId);
    const products = tees(300);
    const staged = await socket.call("items.importStage", [{ importId: "file-1", piece: 0, products }]);
    expect(staged.result).toEqual({ rows: 1200 });
    // Cut into parts of at most LIMITS.IMPORT_PART rows: 125 products, 125, then 50.
    expect(await count(roomId, "import_staged")).toBe(Math.ceil(1200 / LIMITS.IMPORT_PART));
    expect((await socket.subscribe("bulkJobs", [], "jobs")).msg).toBe("ready");

    const check = await run(socket, "file-1", "check-1", true);
    expect(check).toMatchObject({ done: 1200, total: 1200, report: { created: 300, problems: [] } });
    expect(await count(roomId, "items")).toBe(0);

    const imported = await run(socket, "file-1", "import-1", false);
    expect(imported).toMatchObject({ done: 1200, total: 1200, report: { created: 300, problems: [] } });
    expect(imported.error).toBeUndefined();
    expect(await count(roomId, "items")).toBe(300);
    await expectLedgerAddsUp(roomId);
    // The file is let go once imported.
    expect(await count(roomId, "import_staged")).toBe(0);

    // The import's bar moved a part at a time, as everyone in the room sees it.
    const progress = socket.received
      .filter((m) => m.collection === "bulkJobs" && m.id === "import-1" && (m.msg === "added" || m.msg === "changed"))
      .map((m) => (m.fields as { done?: number }).done)
      .filter((done) => done !== undefined);
    expect(progress).toEqual([0, 500, 1000, 1200]);

    // Sent again (its answer lost): the same answer, nothing imported twice.
    const movements = await count(roomId, "movements");
    expect(await run(socket, "file-1", "import-1", false)).toEqual(imported);
    expect(await count(roomId, "items")).toBe(300);
    expect(await count(roomId, "movements")).toBe(movements);
    socket.close();
  });

  it("stops at a part the room refuses, keeping the parts before it, and says how far it got", async () => {
    const roomId = await createRoom();
    const { socket } = await connectToRoom(roomId);
    // The second part counts stock at more locations than a room may have.
    const tooMany = Object.fromEntries(Array.from({ length: LIMITS.LOCATIONS + 1 }, (_, i) => [`Shelf ${i}`, 1]));
    const refused = {
      row: 9000,
      handle: "many-places",
      title: "Many places",
      options: [],
      variants: [{ row: 9000, values: [], sku: "MANY", stock: tooMany }],
    };
    await socket.call("items.importStage", [{ importId: "file-2", piece: 0, products: tees(125) }]);
    await socket.call("items.importStage", [{ importId: "file-2", piece: 1, products: [refused, ...tees(5, 200)] }]);
    const imported = await run(socket, "file-2", "import-2", false);
    expect(imported).toMatchObject({ done: 500, total: 521, report: { created: 125 } });
    expect(imported.error).toBe(`A room can have at most ${LIMITS.LOCATIONS} locations; the file names more`);
    expect(await count(roomId, "items")).toBe(125);
    await expectLedgerAddsUp(roomId);
    socket.close();
  });

  it("runs only a file its caller sent, and a piece sent again is kept once", async () => {
    const roomId = await createRoom();
    const { socket } = await connectToRoom(roomId);
    const unknown = await socket.call("items.importRun", [{ importId: "never-sent", jobId: "job-x", dryRun: true }]);
    expect(unknown.error).toMatchObject({
      error: 404,
      reason: "The file's products are no longer on the server: choose the file again",
    });
    await socket.call("items.importStage", [{ importId: "file-3", piece: 0, products: tees(10) }]);
    await socket.call("items.importStage", [{ importId: "file-3", piece: 0, products: tees(10) }]);
    expect(await run(socket, "file-3", "import-3", false)).toMatchObject({ done: 40, total: 40 });
    expect(await count(roomId, "items")).toBe(10);
    // More rows in one piece than a piece may carry are refused before anything is kept.
    const big = await socket.call("items.importStage", [
      { importId: "file-4", piece: 0, products: tees(LIMITS.IMPORT_PIECE / 4 + 1) },
    ]);
    expect(big.error).toMatchObject({ error: 400 });
    socket.close();
  });
});
