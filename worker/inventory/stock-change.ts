/**
 * An item's part in a write that only moves its stock (a person's change, a
 * sale from the store): its new figures, its movements, and — when its total
 * changes — a history entry saying so, for the write pipeline (item-pipeline.ts).
 */
import type { ItemRow } from "../db/room/room-schema";
import type { RoomHost } from "../rooms/room-host";
import type { ItemChange } from "./item-pipeline";
import { historyEntry } from "./item-writes";
import type { StockMoves } from "./stock-moves";

export function stockOnlyChange(
  host: RoomHost,
  actor: string,
  item: ItemRow,
  moves: StockMoves,
  via: string,
): ItemChange {
  // The ledger says what moved; the history says so too when the item's total changes.
  const entry =
    moves.quantity === item.quantity
      ? null
      : historyEntry(host, item.id, actor, "updated", { quantity: { from: item.quantity, to: moves.quantity } }, via);
  return {
    id: item.id,
    before: item,
    row: { update: { quantity: moves.quantity }, columns: moves.columns },
    entry,
    moves,
  };
}
