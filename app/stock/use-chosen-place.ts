/**
 * Where this device works — a stall's location, where deliveries come in —
 * chosen once and kept on the device (per room and purpose), so a phone at
 * the market stall sells from the stall every time it opens. Falls back to
 * the room's first open location while none (or an archived one) is kept.
 */
import { useState } from "react";
import type { LocationDoc } from "../../protocol/api";
import { useLocations } from "./use-locations";

export function useChosenPlace(
  roomId: string,
  purpose: "stall" | "receiving",
): {
  place: string;
  /** The place kept on this device, while it is open; undefined when none was chosen. */
  kept: string | undefined;
  choose(place: string): void;
  open: readonly LocationDoc[];
} {
  const key = `stockroom:${purpose}-at:${roomId}`;
  const { locations } = useLocations();
  const open = locations.filter((location) => !location.archived);
  const [kept, setKept] = useState(() => localStorage.getItem(key));
  const keptOpen = kept && open.some((location) => location._id === kept) ? kept : undefined;
  const place = keptOpen ?? open[0]?._id ?? "";
  return {
    place,
    kept: keptOpen,
    open,
    choose(next) {
      localStorage.setItem(key, next);
      setKept(next);
    },
  };
}
