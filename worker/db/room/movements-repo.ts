/**
 * The room's movement ledger (docs/architecture.md §9): written together with the stock
 * it changes (worker/inventory/stock-moves.ts), read newest first through one of its indexes.
 */
import type { LedgerQuery, MovementDoc, MovementReason } from "../../../protocol/api";
import type { RoomDatabase, RoomStatement } from "./room-database";
import type { MovementRow } from "./stock-tables";

type Raw = Record<string, SqlStorageValue>;

/** A ledger row as read (with whether a later movement took it back). */
export type ReadMovement = MovementRow & { undone: boolean };

function movementOf(raw: Raw): ReadMovement {
  return {
    id: raw.id as string,
    roomId: raw.room_id as string,
    itemId: raw.item_id as string,
    variantId: raw.variant_id as string,
    locationId: raw.location_id as string,
    quantity: raw.quantity as number,
    reason: raw.reason as string,
    note: raw.note as string,
    reference: raw.reference as string,
    userId: raw.user_id as string,
    at: raw.at as number,
    balance: raw.balance as number,
    undoes: (raw.undoes as string | null) ?? null,
    groupId: raw.group_id as string,
    priceCents: (raw.price_cents as number | null) ?? null,
    costCents: (raw.cost_cents as number | null) ?? null,
    undone: Boolean(raw.undone),
  };
}

export function toMovementDoc(row: ReadMovement): MovementDoc {
  return {
    _id: row.id,
    itemId: row.itemId,
    variantId: row.variantId,
    locationId: row.locationId,
    quantity: row.quantity,
    reason: row.reason as MovementReason,
    note: row.note,
    reference: row.reference,
    userId: row.userId,
    at: new Date(row.at),
    balance: row.balance,
    undoes: row.undoes,
    group: row.groupId,
    priceCents: row.priceCents,
    costCents: row.costCents,
    undone: row.undone,
  };
}

/** The movements as one statement (the rows go as one JSON value, past the values a statement may bind). */
export function insertMovementsStatement(db: RoomDatabase, rows: readonly MovementRow[]): RoomStatement<[]> {
  return {
    all: () => {
      if (rows.length === 0) return [];
      db.$client.sql.exec(
        `INSERT INTO movements (id, room_id, item_id, variant_id, location_id, quantity, reason, note, reference,
                                user_id, at, balance, undoes, group_id, price_cents, cost_cents)
         SELECT value ->> '$.id', value ->> '$.roomId', value ->> '$.itemId', value ->> '$.variantId',
                value ->> '$.locationId', value ->> '$.quantity', value ->> '$.reason', value ->> '$.note',
                value ->> '$.reference', value ->> '$.userId', value ->> '$.at', value ->> '$.balance',
                value ->> '$.undoes', value ->> '$.groupId', value ->> '$.priceCents', value ->> '$.costCents'
         FROM json_each(?)`,
        JSON.stringify(rows),
      );
      return [];
    },
  };
}

const UNDONE = "EXISTS (SELECT 1 FROM movements AS later WHERE later.undoes = movements.id) AS undone";

/** The ledger, newest first, narrowed by `query` (each field that is set). */
export function listMovements(db: RoomDatabase, query: LedgerQuery): ReadMovement[] {
  const where: string[] = [];
  const binds: SqlStorageValue[] = [];
  const narrow = (clause: string, value: SqlStorageValue) => {
    where.push(clause);
    binds.push(value);
  };
  if (query.itemId) narrow("item_id = ?", query.itemId);
  if (query.variantId) narrow("variant_id = ?", query.variantId);
  if (query.reason) narrow("reason = ?", query.reason);
  if (query.locationId) narrow("location_id = ?", query.locationId);
  if (query.userId) narrow("user_id = ?", query.userId);
  if (query.from) narrow("at >= ?", query.from);
  if (query.to) narrow("at <= ?", query.to);
  const sql = `SELECT *, ${UNDONE} FROM movements ${where.length ? `WHERE ${where.join(" AND ")}` : ""}
               ORDER BY at DESC, rowid DESC LIMIT ?`;
  return db.$client.sql
    .exec<Raw>(sql, ...binds, query.limit)
    .toArray()
    .map(movementOf);
}

/** One movement and the others made with it (a transfer's halves), oldest first. */
export function movementWithGroup(db: RoomDatabase, id: string): ReadMovement[] {
  const found = db.$client.sql.exec<Raw>(`SELECT *, ${UNDONE} FROM movements WHERE id = ?`, id).toArray()[0];
  if (!found) return [];
  const first = movementOf(found);
  if (!first.groupId) return [first];
  return db.$client.sql
    .exec<Raw>(`SELECT *, ${UNDONE} FROM movements WHERE group_id = ? ORDER BY at, rowid`, first.groupId)
    .toArray()
    .map(movementOf);
}
