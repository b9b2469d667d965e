/**
 * `GET /api/rooms/:roomId/export`: the whole room as one ZIP, for its owners
 * and admins (signed in by cookie or bearer token): `room.json` (every table
 * of the room's own storage, as stored, with the room and its store's name),
 * a CSV file per table people open in a spreadsheet (dates in ISO 8601,
 * cells that would run as formulas neutralised: protocol/csv.ts), and every
 * file's original under `files/` with its copies (a photo's thumbnail and
 * web copy) under `files/<collection>/versions/` (backup-entries.ts) — all a
 * restore needs to make the room again (backup-restore.ts). It streams: pages of rows are read from
 * the room and files from R2 only as the download takes them, so a room of
 * any size exports with little memory (client-zip writes the ZIP as a
 * stream, ZIP64 past 4 GB).
 */
import { downloadZip } from "client-zip";
import { Hono } from "hono";
import { getServerByName } from "partyserver";
import { can } from "../../protocol/api";
import { csvLine } from "../../protocol/csv";
import type { RoomDO } from "../objects/room-do";
import { originalEntry, versionEntry, zipSafeName } from "./backup-entries";
import { BACKUP_FORMAT, BACKUP_VERSION } from "./backup-file";
import { roomCaller } from "./room-caller";
import { EXPORT_TABLES, type ExportPage, type ExportStart, type ExportTable } from "./room-export";

const PAGE_ROWS = 1_000;
/** Tables also written as CSV, under these names. */
const CSV_FILES: Partial<Record<ExportTable, string>> = {
  items: "items.csv",
  item_history: "item-history.csv",
  orders: "orders.csv",
  customers: "customers.csv",
  locations: "locations.csv",
  movements: "stock-movements.csv",
  suppliers: "suppliers.csv",
  purchase_orders: "purchase-orders.csv",
  purchase_order_lines: "purchase-order-lines.csv",
};

type Row = Record<string, unknown>;

export const exportRoutes = new Hono<{ Bindings: Env }>();

exportRoutes.get("/:roomId/export", async (c) => {
  const caller = await roomCaller(c, can.exportRoom, "Only the room's owners and admins can export it");
  if (caller instanceof Response) return caller;
  const { room } = caller;
  const roomId = room.id;

  const stub = await getServerByName(c.env.ROOM as unknown as DurableObjectNamespace<RoomDO>, roomId);
  // The room at one moment, however long the download takes (room-export.ts).
  const { snapshot, store } = (await stub.exportBegin()) as ExportStart;
  async function* pages(table: ExportTable): AsyncGenerator<Row[]> {
    for (let after: number | null = 0; after !== null; ) {
      const page = (await stub.exportRows(snapshot, table, after, PAGE_ROWS)) as unknown as ExportPage;
      if (page.rows.length > 0) yield page.rows;
      after = page.next;
    }
  }
  const exportedAt = new Date();
  const header = {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    exportedAt: exportedAt.toISOString(),
    room: { id: room.id, name: room.name, currency: room.currency, createdAt: new Date(room.createdAt).toISOString() },
    store,
  };

  async function* entries() {
    try {
      yield* files();
    } finally {
      // Ended, or the download abandoned: the snapshot goes (one nobody ends goes within the hour).
      await stub.exportEnd(snapshot).catch((error: unknown) => console.error("export: could not end", error));
    }
  }
  async function* files() {
    yield { name: "room.json", lastModified: exportedAt, input: textStream(roomJson(header, pages)) };
    for (const table of EXPORT_TABLES) {
      const name = CSV_FILES[table];
      if (name) yield { name, lastModified: exportedAt, input: textStream(csvOf(pages(table))) };
    }
    for await (const rows of pages("files")) {
      for (const file of rows) {
        const collection = String(file.collection);
        const id = String(file.id);
        const lastModified = new Date(Number(file.created_at));
        const original = await c.env.FILES.get(`${file.storage_path}/original`);
        if (!original) continue;
        const name = originalEntry(collection, id, String(file.name));
        yield { name, lastModified, size: original.size, input: original.body };
        for (const [version, stored] of Object.entries(copiesOf(file.versions))) {
          const copy = await c.env.FILES.get(`${file.storage_path}/${version}`);
          if (!copy) continue;
          const entry = versionEntry(collection, id, version, String(stored.extension ?? ""));
          yield { name: entry, lastModified, size: copy.size, input: copy.body };
        }
      }
    }
  }

  const zip = downloadZip(entries());
  const fileName = `stockroom-${zipSafeName(room.name) || "room"}-${exportedAt.toISOString().slice(0, 10)}.zip`;
  return new Response(zip.body, {
    headers: {
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
});

/** `{header..., "tables": {"items": [...], ...}}`, a page at a time. */
async function* roomJson(header: object, pages: (table: ExportTable) => AsyncGenerator<Row[]>) {
  yield `${JSON.stringify(header).slice(0, -1)},"tables":{`;
  for (const [index, table] of EXPORT_TABLES.entries()) {
    yield `${index > 0 ? "," : ""}${JSON.stringify(table)}:[`;
    let first = true;
    for await (const rows of pages(table)) {
      yield `${first ? "" : ","}${rows.map((row) => JSON.stringify(row)).join(",")}`;
      first = false;
    }
    yield "]";
  }
  yield "}}";
}

/** A table as CSV: its columns as stored, times (`…_at`) in ISO 8601. */
async function* csvOf(pages: AsyncGenerator<Row[]>) {
  let columns: string[] | null = null;
  for await (const rows of pages) {
    for (const row of rows) {
      if (!columns) {
        columns = Object.keys(row);
        yield csvLine(columns);
      }
      yield csvLine(
        columns.map((column) =>
          column.endsWith("_at") && typeof row[column] === "number"
            ? new Date(row[column] as number).toISOString()
            : row[column],
        ),
      );
    }
  }
}

function textStream(parts: AsyncGenerator<string>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    async pull(controller) {
      const { value, done } = await parts.next();
      if (done) controller.close();
      else controller.enqueue(encoder.encode(value));
    },
  });
}

/** A file's copies as its record lists them, the original aside (it has its own entry). */
function copiesOf(versions: unknown): Record<string, { extension?: unknown }> {
  try {
    const listed = JSON.parse(String(versions)) as Record<string, { extension?: unknown }>;
    const { original: _original, ...copies } = listed && typeof listed === "object" ? listed : {};
    return copies;
  } catch {
    return {};
  }
}
