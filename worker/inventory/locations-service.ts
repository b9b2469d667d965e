/**
 * The room's locations (docs/architecture.md §9): added, renamed, archived — never
 * deleted, as the ledger names them. One that still holds stock cannot be
 * archived, nor the last one in use.
 */
import { COLLECTION, LIMITS } from "../../protocol/api";
import { LiveError } from "../../protocol/errors";
import { newId } from "../db/directory/database";
import {
  findLocation,
  insertLocation,
  listLocations,
  stockAt,
  toLocationDoc,
  updateLocation,
} from "../db/room/locations-repo";
import type { LocationRow } from "../db/room/stock-tables";
import { asDoc } from "../live/types";
import type { RoomHost } from "../rooms/room-host";

function announceLocation(host: RoomHost, row: LocationRow, before: LocationRow | null): void {
  host.emit({
    collection: COLLECTION.LOCATIONS,
    id: row.id,
    doc: asDoc(toLocationDoc(row)),
    previous: before ? asDoc(toLocationDoc(before)) : null,
  });
}

function assertNameFree(rows: readonly LocationRow[], name: string, exceptId?: string): void {
  const taken = rows.find((row) => row.id !== exceptId && row.name.toLowerCase() === name.toLowerCase());
  if (taken) throw new LiveError(409, `There is already a location called ${taken.name}`);
}

/** Adds a location after the others; answers its id. */
export function addLocation(host: RoomHost, name: string): Promise<string> {
  return host.writes.run(async () => {
    const rows = listLocations(host.roomDb);
    if (rows.length >= LIMITS.LOCATIONS)
      throw new LiveError(409, `A room can have at most ${LIMITS.LOCATIONS} locations`);
    assertNameFree(rows, name);
    const row: LocationRow = {
      id: newId(),
      roomId: host.roomId,
      name,
      position: Math.max(-1, ...rows.map((other) => other.position)) + 1,
      archivedAt: null,
      createdAt: host.now(),
    };
    insertLocation(host.roomDb, row);
    announceLocation(host, row, null);
    return row.id;
  });
}

function existing(host: RoomHost, id: string): LocationRow {
  const row = findLocation(host.roomDb, id);
  if (!row) throw new LiveError(404, "That location does not exist in this room");
  return row;
}

export function renameLocation(host: RoomHost, id: string, name: string): Promise<void> {
  return host.writes.run(async () => {
    const before = existing(host, id);
    if (before.name === name) return;
    assertNameFree(listLocations(host.roomDb), name, id);
    updateLocation(host.roomDb, id, { name });
    announceLocation(host, { ...before, name }, before);
  });
}

/** Archives a location holding no stock (it stays in the ledger), or brings an archived one back. */
export function archiveLocation(host: RoomHost, id: string, archived: boolean): Promise<void> {
  return host.writes.run(async () => {
    const before = existing(host, id);
    if ((before.archivedAt !== null) === archived) return;
    if (archived) {
      const held = stockAt(host.roomDb, id);
      if (held.units !== 0) {
        throw new LiveError(
          409,
          `${before.name} still holds ${held.units} ${held.units === 1 ? "unit" : "units"} of ${held.items} ${held.items === 1 ? "item" : "items"}: move them first`,
        );
      }
      const inUse = listLocations(host.roomDb).filter((row) => row.archivedAt === null);
      if (inUse.length <= 1) throw new LiveError(409, "A room needs at least one location in use");
    }
    const archivedAt = archived ? host.now() : null;
    updateLocation(host.roomDb, id, { archivedAt });
    announceLocation(host, { ...before, archivedAt }, before);
  });
}
