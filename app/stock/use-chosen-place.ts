/**
 * Where this device works — a stall's location, where deliveries come in,
 * where it counts in a stocktake — chosen once and kept on the device (per
 * room or stocktake, and purpose), so a phone at the market stall sells from
 * the stall every time it opens, and a reload keeps counting where it was.
 * Falls back to the first place it may choose while none (or one no longer
 * among them) is kept.
 */
import { useState } from "react";
import type { LocationDoc } from "../../protocol/api";
import { useLocations } from "./use-locations";

export function useChosenPlace(
  /** What the choice belongs to: the room, or a stocktake. */
  scope: string,
  purpose: "stall" | "receiving" | "counting",
  /** The locations it may be, by id (a stocktake's); the room's open ones when not given. */
  among?: readonly string[],
): {
  place: string;
  /** The place kept on this device, while it may still be chosen; undefined when none was chosen. */
  kept: string | undefined;
  choose(place: string): void;
  /** The locations to choose from. */
  open: readonly LocationDoc[];
} {
  const key = `stockroom:${purpose}-at:${scope}`;
  const { locations } = useLocations();
  const open = among
    ? locations.filter((location) => among.includes(location._id))
    : locations.filter((location) => !location.archived);
  // By id, so a stocktake's place holds while the locations' documents are still on their way.
  const ids = among ?? open.map((location) => location._id);
  const [kept, setKept] = useState(() => localStorage.getItem(key));
  const keptHere = kept && ids.includes(kept) ? kept : undefined;
  return {
    place: keptHere ?? ids[0] ?? "",
    kept: keptHere,
    open,
    choose(next) {
      localStorage.setItem(key, next);
      setKept(next);
    },
  };
}
