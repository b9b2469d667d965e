/**
 * Items, their history and their stock movements are written one way: through the write pipeline
 * (worker/inventory/item-pipeline.ts, docs/architecture.md §17), which writes them in one
 * transaction, reads the rows back and announces them. A writer that built its own statements or
 * announced its own rows would be a second path, free to forget the history, the movements or the
 * read-back; this fails on one, naming its file and what it used.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "../..");
const PIPELINE = "worker/inventory/item-pipeline.ts";

/** What writes or announces an item, a history entry or a movement. */
const WRITERS = [
  "insertItemQuery",
  "updateItemQuery",
  "deleteItemQuery",
  "updateItemStatement",
  "insertHistoryQueries",
  "insertHistoryStatement",
  "insertHistoryRowsStatement",
  "insertMovementsStatement",
  "announceMovements",
  "announceUndone",
];

/** SQL that writes those tables. */
const WRITING_SQL =
  /\b(?:INSERT(?:\s+OR\s+\w+)?\s+INTO|UPDATE|DELETE\s+FROM)\s+(?:items|movements|item_history)\b|\.(?:insert|update|delete)\((?:items|movements|itemHistory)\)/i;

/**
 * Where SQL may still write them, and why: the room's own statements (what the pipeline runs, and
 * the loads of a room's rows before it serves — the move from D1, a backup restored — which
 * announce nothing and run while the room holds every call), a start-up repair of rooms made before the ledger (it runs before any writer, in its own
 * transaction), and the old D1 schema's data migrations.
 */
const SQL_ALLOWED = [/^worker\/db\/room\//, /^worker\/inventory\/open-ledger\.ts$/, /^worker\/data-migrations\//];

function workerFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return workerFiles(path);
    return entry.name.endsWith(".ts") ? [relative(ROOT, path)] : [];
  });
}

const files = workerFiles(join(ROOT, "worker")).map((path) => ({
  path,
  source: readFileSync(join(ROOT, path), "utf8"),
}));

describe("the one write path for items and stock", () => {
  it("is the only code outside the room's statements that writes or announces items, history and movements", () => {
    const elsewhere = files
      .filter(
        ({ path }) => path !== PIPELINE && !path.startsWith("worker/db/room/") && !path.endsWith("stock-moves.ts"),
      )
      .flatMap(({ path, source }) =>
        WRITERS.filter((name) => new RegExp(`\\b${name}\\b`).test(source)).map((name) => `${path}: ${name}`),
      );
    expect(elsewhere).toEqual([]);
    // The pipeline itself uses them: the check looks for what is really there.
    const pipeline = files.find(({ path }) => path === PIPELINE)?.source ?? "";
    for (const name of ["insertItemQuery", "updateItemQuery", "insertMovementsStatement", "announceMovements"]) {
      expect(pipeline).toContain(name);
    }
  });

  it("has no SQL elsewhere that writes items, history or movements", () => {
    const writing = files
      .filter(({ path }) => !SQL_ALLOWED.some((allowed) => allowed.test(path)))
      .filter(({ source }) => WRITING_SQL.test(source))
      .map(({ path }) => path);
    expect(writing).toEqual([]);
    expect(WRITING_SQL.test("UPDATE items SET title = ?")).toBe(true);
    expect(WRITING_SQL.test("db.insert(movements).values(row)")).toBe(true);
  });
});
