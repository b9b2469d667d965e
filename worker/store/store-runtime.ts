/**
 * What a room's store features keep in memory while its RoomDO lives: the
 * running sync, items being published (one publish per item at a time, so a
 * double click cannot make two products), and what each published item
 * looked like when it last matched its store product — so an edit made here
 * follows the item to the store, and an edit that came from the store does not
 * bounce back.
 */
import type { ItemDoc } from "../../protocol/api";
import { StoreSync } from "./store-sync";

/** The fields an item shares with its store product. */
export function storeFingerprint(
  item: Pick<ItemDoc, "title" | "description" | "priceCents" | "sku" | "quantity" | "photos">,
) {
  return JSON.stringify([item.title, item.description, item.priceCents, item.sku, item.quantity, item.photos]);
}

export class StoreRuntime {
  readonly sync = new StoreSync();
  readonly publishing = new Set<string>();
  /** Item id → fingerprint of the item when it last matched the store. */
  readonly inStep = new Map<string, string>();
  /** Pending "follow this edit to the store" timers, by item id. */
  readonly follows = new Map<string, ReturnType<typeof setTimeout>>();
  /** The address the app was last used at: where image links sent to the store point when APP_URL is unset. */
  origin: string | null = null;
}
