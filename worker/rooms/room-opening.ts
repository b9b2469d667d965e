/**
 * A room filling itself before it serves — one made by the previous release
 * moving its rows in on its first wake (docs/architecture.md §2), or a new
 * room restoring a backup (backup-restore.ts) — says how far it got: a
 * universal publication, so every member's connection hears it from its
 * login on, while everything else the room serves waits (opening-gate.ts).
 * A restore that stopped says why, to the owner, until another begins.
 * Non-members hear nothing.
 */
import { COLLECTION, type RoomOpeningDoc } from "../../protocol/api";
import type { LiveRegistry } from "../live/registry";
import { asDoc, type Doc } from "../live/types";
import { restoreFailure } from "./backup-restore";
import type { OpeningProgress } from "./opening-progress";
import type { RoomHost } from "./room-host";

function openingDoc(roomId: string, progress: OpeningProgress): Doc {
  const doc: RoomOpeningDoc = { _id: roomId, copied: progress.copied, total: progress.total };
  if ("what" in progress) Object.assign(doc, { what: progress.what, step: progress.step });
  return asDoc(doc);
}

function failedDoc(roomId: string, reason: string): Doc {
  const doc: RoomOpeningDoc = { _id: roomId, copied: 0, total: 0, what: "restore", failed: reason };
  return asDoc(doc);
}

export function registerRoomOpening(registry: LiveRegistry<RoomHost>): void {
  registry.publishUniversal("room.opening", {
    run: async (ctx) => {
      const userId = ctx.userId;
      const role = userId ? await ctx.host.roleOf(userId) : null;
      if (role === null) return;
      // Why a restore stopped is for the owner, who started it and can try again.
      const owner = role === "owner";
      return {
        kind: "observed",
        collection: COLLECTION.ROOM_OPENING,
        fetch: async () => {
          const progress = ctx.host.opening();
          if (progress) return [openingDoc(ctx.host.roomId, progress)];
          const failed = owner ? restoreFailure(ctx.host) : null;
          return failed ? [failedDoc(ctx.host.roomId, failed)] : [];
        },
        matches: (doc) => owner || doc.failed === undefined,
      };
    },
  });
}

/**
 * Tells the room's connections how far the filling got (`next`), or that it
 * is over (null) — or, for a restore that stopped, why (`failed`).
 */
export function announceOpening(
  host: Pick<RoomHost, "roomId" | "emit">,
  previous: OpeningProgress | null,
  next: OpeningProgress | null,
  failed: string | null = null,
): void {
  host.emit({
    collection: COLLECTION.ROOM_OPENING,
    id: host.roomId,
    doc: next ? openingDoc(host.roomId, next) : failed ? failedDoc(host.roomId, failed) : null,
    previous: previous ? openingDoc(host.roomId, previous) : null,
  });
}
