/**
 * A room made by the previous release moving its rows in on its first wake
 * (docs/architecture.md §2) says how far it got: a universal publication, so
 * every member's connection hears it from its login on, while everything
 * else the room serves waits (opening-gate.ts). Non-members hear nothing.
 */
import { COLLECTION, type RoomOpeningDoc } from "../../protocol/api";
import type { MoveProgress } from "../db/room/room-upgrade";
import type { LiveRegistry } from "../live/registry";
import { asDoc, type Doc } from "../live/types";
import type { RoomHost } from "./room-host";

function openingDoc(roomId: string, progress: MoveProgress): Doc {
  const doc: RoomOpeningDoc = { _id: roomId, copied: progress.copied, total: progress.total };
  return asDoc(doc);
}

export function registerRoomOpening(registry: LiveRegistry<RoomHost>): void {
  registry.publishUniversal("room.opening", {
    run: async (ctx) => {
      const userId = ctx.userId;
      if (!userId || (await ctx.host.roleOf(userId)) === null) return;
      return {
        kind: "observed",
        collection: COLLECTION.ROOM_OPENING,
        fetch: async () => {
          const progress = ctx.host.opening();
          return progress ? [openingDoc(ctx.host.roomId, progress)] : [];
        },
        matches: () => true,
      };
    },
  });
}

/** Tells the room's connections how far the move got (`next`), or that it is over (null). */
export function announceOpening(
  host: Pick<RoomHost, "roomId" | "emit">,
  previous: MoveProgress | null,
  next: MoveProgress | null,
): void {
  host.emit({
    collection: COLLECTION.ROOM_OPENING,
    id: host.roomId,
    doc: next ? openingDoc(host.roomId, next) : null,
    previous: previous ? openingDoc(host.roomId, previous) : null,
  });
}
