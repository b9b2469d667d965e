/**
 * The one way an item or its stock is written (docs/architecture.md §17).
 * Every writer — an edit, a bulk edit, an import, a stock movement, a
 * product's variants, a stocktake applied, a store delivery — reads what
 * it needs and checks it in its own turn of the room's write queue, then
 * hands its plan to `writeItems`, which
 *
 *   1. writes the items' rows, their history entries and their movements,
 *      with whatever else the write makes, in one transaction (all or none);
 *   2. reads every written item back once all of that has run, so a
 *      trigger's change is in what the room hears (never a row recomputed);
 *   3. announces, once committed: what else the write made, the items,
 *      their history entries, their new movements, the movements taken back,
 *      and the labels it queued for the print station (docs/printing.md).
 *
 * Nothing else writes `items`, `item_history` or `movements`
 * (tests/unit/one-write-path.test.ts holds that).
 */
import { COLLECTION } from "../../protocol/api";
import type { ItemFields, ItemPatch } from "../../protocol/args";
import { LiveError } from "../../protocol/errors";
import { type HistoryEntry, insertHistoryQueries, toHistoryDoc } from "../db/room/item-history-repo";
import { findItemRows } from "../db/room/item-statements";
import { deleteItemQuery, insertItemQuery, toItemDoc, updateItemQuery } from "../db/room/items-repo";
import { insertMovementsStatement, type ReadMovement } from "../db/room/movements-repo";
import type { PrintJobRow } from "../db/room/print-tables";
import { type RoomStatement, runTogether } from "../db/room/room-database";
import type { ItemRow } from "../db/room/room-schema";
import { asDoc } from "../live/types";
import { announceJob, type LabelsAsked, queueStatement } from "../printing/print-jobs";
import type { RoomHost } from "../rooms/room-host";
import { withHandSetCosts } from "./hand-set-costs";
import { suppliersKnownStatement, suppliersSet } from "./item-suppliers";
import { guardUnique, type ItemCodes } from "./item-writes";
import { announceMovements, announceUndone, type StockMoves } from "./stock-moves";

/** What one item's part of a write does to its row. */
export type RowChange =
  /** A new item: its fields, and the columns only the server sets (its stock map, variants, store link…). */
  | { insert: ItemFields; columns?: Partial<ItemRow> }
  /**
   * An edit of the item as read in this turn: fields as a person sets them,
   * and server-set columns. `quiet`: not an edit of the item (a label's code
   * made), so when and by whom it was last changed stay as they were.
   */
  | { update: ItemPatch; columns?: Partial<ItemRow>; quiet?: true }
  | { remove: true };

/** One item's part of a write. */
export interface ItemChange {
  id: string;
  /** The row as read in this write turn; null for a new item. */
  before: ItemRow | null;
  row: RowChange;
  /** Its history entry (none when only the ledger says what changed). */
  entry: HistoryEntry | null;
  moves: StockMoves | null;
}

export interface ItemWrite {
  actor: string;
  /** When the write happens: its rows' `updatedAt` (and a new item's `createdAt`). */
  at: number;
  items: readonly ItemChange[];
  /** Rows of other tables committed first, with the items (a photo's file record, an import's new locations). */
  first?: readonly RoomStatement[];
  /** Announces what `first` made (given its results), before the items are announced. */
  announceFirst?: (results: readonly unknown[]) => void;
  /** Rows of other tables committed last, with the items (a stocktake ended, late scans marked applied). */
  last?: readonly RoomStatement[];
  /** Movements this write takes back: the ledgers are told they are undone. */
  undone?: readonly ReadMovement[];
  /** Asks for the write's labels at the print station (docs/printing.md): queued with it, if the queue takes the kind. */
  labels?: LabelsAsked;
  /** How the transaction is committed, when not on its own: a bulk job's chunk commits with its progress. */
  commit?: (statements: readonly RoomStatement[]) => readonly unknown[];
}

export interface Written {
  /** Each written item as read back once written (a removed item is absent). */
  rows: ReadonlyMap<string, ItemRow>;
  /** What the `last` statements answered, in order. */
  last: readonly unknown[];
}

const notFound = () => new LiveError(404, "Item not found");

/** Writes, reads back and announces one write's items, history entries and movements (see above). */
export function writeItems(host: RoomHost, write: ItemWrite): Written {
  // One part per item: two would announce the same row twice, each with a "before" that is not.
  if (new Set(write.items.map((change) => change.id)).size !== write.items.length) {
    throw new Error("writeItems: an item comes twice in one write");
  }
  const first = write.first ?? [];
  const last = write.last ?? [];
  const entries = write.items.flatMap((change) => (change.entry ? [change.entry] : []));
  const movements = write.items.flatMap((change) => change.moves?.rows ?? []);
  const kept = write.items.filter((change) => !("remove" in change.row)).map((change) => change.id);
  const added = write.items.filter((change) => "insert" in change.row).map((change) => change.id);
  const suppliers = suppliersSet(write.items);
  const statements: RoomStatement[] = [
    ...first,
    ...(suppliers.size ? [suppliersKnownStatement(host.roomDb, suppliers)] : []),
    ...write.items.map((change) => rowStatement(host, write, change)),
    ...insertHistoryQueries(host.roomDb, host.roomId, entries),
    ...(movements.length ? [insertMovementsStatement(host.roomDb, movements)] : []),
    ...last,
    ...(write.labels
      ? [queueStatement(host, write.labels, { actor: write.actor, at: write.at, added, movements })]
      : []),
    { all: () => findItemRows(host.roomDb, host.roomId, kept) },
  ];
  const commit = write.commit ?? ((all: readonly RoomStatement[]) => runTogether(host.roomDb, all));
  const results = guardUnique(codesOf(write.items), () => commit(statements));
  const rows = new Map((results.at(-1) as ItemRow[]).map((row) => [row.id, row]));
  write.announceFirst?.(results.slice(0, first.length));
  for (const change of write.items) announceItem(host, change, rows.get(change.id) ?? null);
  announceEntries(host, entries);
  for (const change of write.items) announceMovements(host, change.moves);
  if (write.undone?.length) announceUndone(host, write.undone);
  const lastEnd = results.length - 1 - (write.labels ? 1 : 0);
  const job = write.labels ? (results[lastEnd] as PrintJobRow | null) : null;
  if (job) announceJob(host, job, null);
  return { rows, last: results.slice(lastEnd - last.length, lastEnd) };
}

/**
 * The statement that writes one item's row. An edit or removal of an item
 * that is no longer there writes nothing and throws inside the transaction,
 * so none of its history or movements is kept either.
 */
function rowStatement(host: RoomHost, write: ItemWrite, change: ItemChange): RoomStatement {
  const { row, before } = change;
  if ("insert" in row) {
    return insertItemQuery(host.roomDb, host.roomId, row.insert, {
      id: change.id,
      createdBy: write.actor,
      now: write.at,
      server: row.columns,
    });
  }
  if (!before) throw notFound();
  const statement =
    "update" in row
      ? updateItemQuery(
          host.roomDb,
          before,
          row.update,
          row.quiet ? { at: before.updatedAt, by: before.updatedBy } : { at: write.at, by: write.actor },
          withHandSetCosts(before, row.update, row.columns, change.moves),
        )
      : deleteItemQuery(host.roomDb, host.roomId, change.id);
  return {
    all: () => {
      const written = statement.all();
      if (written === 0 || (Array.isArray(written) && written.length === 0)) throw notFound();
      return written;
    },
  };
}

/** The codes a refusal of the unique indexes names: the one item's, when the write has one. */
function codesOf(changes: readonly ItemChange[]): ItemCodes {
  const [only] = changes;
  if (!only || changes.length > 1 || "remove" in only.row) return {};
  const fields = "insert" in only.row ? only.row.insert : only.row.update;
  const columns = only.row.columns ?? {};
  return { sku: columns.sku || fields.sku || undefined, barcode: columns.barcode || fields.barcode || undefined };
}

function announceItem(host: RoomHost, change: ItemChange, row: ItemRow | null): void {
  host.emit({
    collection: COLLECTION.ITEMS,
    id: change.id,
    doc: row ? asDoc(toItemDoc(row)) : null,
    previous: change.before ? asDoc(toItemDoc(change.before)) : null,
  });
}

function announceEntries(host: RoomHost, entries: readonly HistoryEntry[]): void {
  for (const entry of entries) {
    host.emit({ collection: COLLECTION.ITEM_HISTORY, id: entry.id, doc: asDoc(toHistoryDoc(entry)), previous: null });
  }
}
