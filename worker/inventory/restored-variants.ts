/**
 * A product sold in variants that is removed and then restored (an undo)
 * comes back with its options, its variants and the stock each held, and
 * any item with its label's share code: the removal's history entry keeps
 * them (items-service.ts), as the item's row is gone.
 */
import { LIMITS, MAIN_LOCATION_ID, type VariantDoc } from "../../protocol/api";
import { listHistory } from "../db/room/item-history-repo";
import { listLocations } from "../db/room/locations-repo";
import type { RoomHost } from "../rooms/room-host";
import { type Made, type StockMoves, stockMoves } from "./stock-moves";

/**
 * What an item had when it was removed that its fields do not carry (its
 * history's removal entry keeps it): a product's options and variants (null
 * for one without), and its label's share code ("" for none) — so labels
 * printed before the remove still name it once it is back.
 */
export async function keptAtRemoval(
  host: RoomHost,
  id: string,
): Promise<{ product: { options: string[]; variants: VariantDoc[] } | null; shareCode: string }> {
  const removed = (await listHistory(host.roomDb, host.roomId, id, LIMITS.HISTORY)).find(
    (row) => row.action === "removed",
  );
  const changes = removed
    ? (JSON.parse(removed.changes) as {
        options?: { from: string[] };
        variants?: { from: VariantDoc[] };
        shareCode?: { from: string };
      })
    : {};
  return {
    product: changes.variants ? { options: changes.options?.from ?? [], variants: changes.variants.from } : null,
    shareCode: changes.shareCode?.from ?? "",
  };
}

/** A restored product's variants come back with the stock each held, where it held it (an archived place: the first open one). */
export function restoredVariantMoves(
  host: RoomHost,
  id: string,
  variants: readonly VariantDoc[],
  made: Made,
): StockMoves {
  const open = new Set(
    listLocations(host.roomDb).flatMap((location) => (location.archivedAt === null ? [location.id] : [])),
  );
  const home = [...open][0] ?? MAIN_LOCATION_ID;
  const empty = variants.map((variant) => ({ ...variant, stock: {}, quantity: 0 }));
  const changes = variants.flatMap((variant) =>
    Object.entries(variant.stock).map(([locationId, units]) => ({
      variantId: variant._id,
      locationId: open.has(locationId) ? locationId : home,
      delta: units,
      reason: "correction" as const,
      note: "Item restored",
    })),
  );
  const row = {
    id,
    roomId: host.roomId,
    sku: "",
    priceCents: 0,
    quantity: 0,
    stock: "{}",
    variants: JSON.stringify(empty),
  };
  return changes.length
    ? stockMoves(row, changes, made)
    : { rows: [], stock: "{}", quantity: 0, columns: { stock: "{}", variants: JSON.stringify(empty) } };
}
