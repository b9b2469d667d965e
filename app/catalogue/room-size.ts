/**
 * Whether this room's catalogue comes whole (most rooms: every item in the
 * browser, searched and sorted here at once) or in windows (rooms of more
 * than LIMITS.BIG_ROOM items: searched, filtered and sorted by the server,
 * the screen holding only what it shows; worker/inventory/items-window-feature.ts).
 * The room learns its size from the first window it opens anyway — the
 * newest items, the first screenful — so no room waits for it.
 */
import { createContext, useContext, useMemo } from "react";
import {
  COLLECTION,
  type ItemCountDoc,
  type ItemWindowQuery,
  LIMITS,
  PUBLICATION,
  windowCountId,
} from "../../protocol/api";
import { type LiveDoc, useFind } from "../live";
import { useSubscribe } from "../live-api";

/** The first screenful of any catalogue: its newest items. */
export const FIRST_WINDOW: ItemWindowQuery = {
  text: "",
  status: "all",
  tag: "",
  low: false,
  sort: "createdAt",
  descending: true,
  limit: 50,
};

export type RoomSize = "unknown" | "whole" | "big";

export const RoomSizeContext = createContext<RoomSize>("unknown");

export function useRoomSize(): RoomSize {
  return useContext(RoomSizeContext);
}

/** How many items match a window's query, as the server counted them (undefined until it has). */
export function useWindowCount(
  query: Pick<ItemWindowQuery, "text" | "status" | "tag" | "low">,
): ItemCountDoc | undefined {
  const id = windowCountId(query);
  const isCount = useMemo(
    () =>
      (doc: LiveDoc): doc is LiveDoc & ItemCountDoc =>
        doc._id === id,
    [id],
  );
  return useFind(COLLECTION.ITEM_COUNTS, isCount)[0];
}

/** Opens the room's first window (held for the whole room) and says which way its catalogue comes. */
export function useRoomSizeProbe(): RoomSize {
  useSubscribe(PUBLICATION.ITEMS_WINDOW, FIRST_WINDOW);
  const count = useWindowCount(FIRST_WINDOW);
  if (!count) return "unknown";
  return count.more || count.total > LIMITS.BIG_ROOM ? "big" : "whole";
}
