/**
 * Where an import part's counts go (docs/stock.md, "An import never invents
 * or moves stock"): the room's locations by name with those the file adds,
 * the rule for a count with no location, and the stock the part sets by
 * location, in words for its report.
 */
import { LIMITS, MAIN_LOCATION_ID } from "../../protocol/api";
import { LiveError } from "../../protocol/errors";
import type { ImportPart, ImportReport, ImportStockChange } from "../../protocol/variant-args";
import { newId } from "../db/directory/database";
import { findOpenLocation, listLocations } from "../db/room/locations-repo";
import type { LocationRow } from "../db/room/stock-tables";
import type { RoomHost } from "../rooms/room-host";

/** How the file's counts become stock (docs/stock.md). */
export interface StockRule {
  quantityAt: string | null;
  unnamedToZero: boolean;
}

/**
 * The part's locations by name (any case): those the room has, and those
 * the file adds (`added`, written in the part's own transaction).
 */
export function locationsFor(
  host: RoomHost,
  part: ImportPart,
  report: ImportReport,
): { byName: Map<string, string>; added: LocationRow[] } {
  const rows = listLocations(host.roomDb);
  const byName = new Map(rows.map((row) => [row.name.toLowerCase(), row.id]));
  const added: LocationRow[] = [];
  for (const product of part.products) {
    for (const variant of product.variants) {
      for (const name of Object.keys(variant.stock ?? {})) {
        if (byName.has(name.toLowerCase())) continue;
        if (rows.length + added.length >= LIMITS.LOCATIONS) {
          throw new LiveError(409, `A room can have at most ${LIMITS.LOCATIONS} locations; the file names more`);
        }
        const row: LocationRow = {
          id: newId(),
          roomId: host.roomId,
          name,
          position: rows.length + added.length,
          archivedAt: null,
          createdAt: host.now(),
        };
        added.push(row);
        byName.set(name.toLowerCase(), row.id);
        report.locationsAdded.push(name);
      }
    }
  }
  return { byName, added };
}

/**
 * Where a row's one count is counted: the location the import names (it
 * must be the room's and open), none when it says to leave stock, else the
 * room's first location.
 */
export function quantityRule(host: RoomHost, part: ImportPart, added: readonly LocationRow[]): StockRule {
  const unnamedToZero = part.unnamedToZero ?? false;
  if (part.quantityAt === null) return { quantityAt: null, unnamedToZero };
  if (part.quantityAt === undefined) {
    const first = listLocations(host.roomDb).find((row) => row.archivedAt === null)?.id;
    return { quantityAt: first ?? added[0]?.id ?? MAIN_LOCATION_ID, unnamedToZero };
  }
  if (!findOpenLocation(host.roomDb, part.quantityAt)) {
    throw new LiveError(400, "Choose a location of this room for the file's quantities");
  }
  return { quantityAt: part.quantityAt, unnamedToZero };
}

export function locationNames(host: RoomHost, added: readonly LocationRow[]): Map<string, string> {
  return new Map([...listLocations(host.roomDb), ...added].map((row) => [row.id, row.name]));
}

/** The stock these movements set, by location: units in all and variants touched. */
export function stockByLocation(
  movements: readonly { locationId: string; variantId: string; quantity: number }[],
  names: ReadonlyMap<string, string>,
): ImportStockChange[] {
  const byLocation = new Map<string, { units: number; variants: Set<string> }>();
  for (const row of movements) {
    const sum = byLocation.get(row.locationId) ?? { units: 0, variants: new Set<string>() };
    sum.units += row.quantity;
    sum.variants.add(row.variantId);
    byLocation.set(row.locationId, sum);
  }
  return [...byLocation].map(([locationId, sum]) => ({
    location: names.get(locationId) ?? "a location",
    units: sum.units,
    variants: sum.variants.size,
  }));
}
