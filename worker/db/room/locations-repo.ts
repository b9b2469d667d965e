/** The room's locations (docs/architecture.md §9), in their order. */
import type { LocationDoc } from "../../../protocol/api";
import type { RoomDatabase, RoomStatement } from "./room-database";
import { type LocationRow, locations } from "./stock-tables";

type Raw = Record<string, SqlStorageValue>;

function locationOf(raw: Raw): LocationRow {
  return {
    id: raw.id as string,
    roomId: raw.room_id as string,
    name: raw.name as string,
    position: raw.position as number,
    archivedAt: (raw.archived_at as number | null) ?? null,
    createdAt: raw.created_at as number,
  };
}

export function toLocationDoc(row: LocationRow): LocationDoc {
  return { _id: row.id, name: row.name, position: row.position, archived: row.archivedAt !== null };
}

export function listLocations(db: RoomDatabase): LocationRow[] {
  return db.$client.sql.exec<Raw>("SELECT * FROM locations ORDER BY position, id").toArray().map(locationOf);
}

export function findLocation(db: RoomDatabase, id: string): LocationRow | null {
  const raw = db.$client.sql.exec<Raw>("SELECT * FROM locations WHERE id = ?", id).toArray()[0];
  return raw ? locationOf(raw) : null;
}

/** The room's location by id while it is open (not archived): where stock may be counted or put. */
export function findOpenLocation(db: RoomDatabase, id: string): LocationRow | null {
  const location = findLocation(db, id);
  return location && location.archivedAt === null ? location : null;
}

/** Where stock goes when nothing says otherwise: the first location not archived. */
export function firstLocationId(db: RoomDatabase): string | null {
  const raw = db.$client.sql
    .exec<{ id: string }>("SELECT id FROM locations WHERE archived_at IS NULL ORDER BY position, id LIMIT 1")
    .toArray()[0];
  return raw?.id ?? null;
}

export function insertLocation(db: RoomDatabase, row: LocationRow): void {
  db.$client.sql.exec(
    "INSERT INTO locations (id, room_id, name, position, archived_at, created_at) VALUES (?, ?, ?, ?, ?, ?)",
    row.id,
    row.roomId,
    row.name,
    row.position,
    row.archivedAt,
    row.createdAt,
  );
}

/** The same insert as a statement, to run with others in one transaction (an import part's new locations). */
export function insertLocationStatement(db: RoomDatabase, row: LocationRow): RoomStatement<unknown> {
  return db.insert(locations).values(row);
}

export function updateLocation(db: RoomDatabase, id: string, values: { name?: string; archivedAt?: number | null }) {
  if (values.name !== undefined) db.$client.sql.exec("UPDATE locations SET name = ? WHERE id = ?", values.name, id);
  if (values.archivedAt !== undefined) {
    db.$client.sql.exec("UPDATE locations SET archived_at = ? WHERE id = ?", values.archivedAt, id);
  }
}

/** How many items hold stock at a location, and how many units in all. */
export function stockAt(db: RoomDatabase, locationId: string): { items: number; units: number } {
  const row = db.$client.sql
    .exec<{ items: number; units: number | null }>(
      `SELECT count(*) AS items, sum(value) AS units FROM items, json_each(items.stock)
       WHERE json_each.key = ? AND value <> 0`,
      locationId,
    )
    .toArray()[0];
  return { items: row?.items ?? 0, units: row?.units ?? 0 };
}
