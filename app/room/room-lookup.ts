/**
 * Whether a room is there before a page opens its live connection: found,
 * missing, deleted (and when: the server keeps that much), or unknown for
 * now (no line — a room seen before still opens from what the browser kept).
 */
import { useEffect, useState } from "react";

export type RoomLookup =
  | { state: "checking" }
  | { state: "found" }
  | { state: "missing" }
  | { state: "deleted"; deletedAt: Date | null }
  | { state: "error" };

/** Asks the server once; never throws (no line is `error`). */
export async function lookUpRoom(roomId: string): Promise<Exclude<RoomLookup, { state: "checking" }>> {
  try {
    const response = await fetch(`/api/rooms/${encodeURIComponent(roomId)}`);
    if (response.ok) return { state: "found" };
    if (response.status === 404) return { state: "missing" };
    if (response.status === 410) {
      const body = (await response.json().catch(() => ({}))) as { deletedAt?: unknown };
      const at = typeof body.deletedAt === "string" ? new Date(body.deletedAt) : null;
      return { state: "deleted", deletedAt: at && !Number.isNaN(at.getTime()) ? at : null };
    }
    return { state: "error" };
  } catch {
    return { state: "error" };
  }
}

export function useRoomLookup(roomId: string): RoomLookup {
  const [lookup, setLookup] = useState<RoomLookup>({ state: "checking" });
  useEffect(() => {
    let cancelled = false;
    setLookup({ state: "checking" });
    void lookUpRoom(roomId).then((found) => !cancelled && setLookup(found));
    return () => {
      cancelled = true;
    };
  }, [roomId]);
  return lookup;
}
