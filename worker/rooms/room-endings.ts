/**
 * Telling the people who have a room open that it ended for them — it was
 * deleted, or they were removed from it — and by whom, before their
 * connections close. Their screens then say so and take them to their
 * rooms, instead of reconnecting for ever to a room that is gone (a tab
 * that comes back later learns it from the room's address: 410, deleted).
 * A universal publication: every member's connection hears the endings
 * meant for it, and only those; a connection that is not a member's (anyone
 * signed in can open a room's socket) hears nothing, not even the room's name.
 */
import { COLLECTION, type RoomEndingDoc } from "../../protocol/api";
import type { LiveRegistry } from "../live/registry";
import { asDoc } from "../live/types";
import type { RoomHost } from "./room-host";

/** Who an ending is for: one user, or everyone in the room. */
const EVERYONE = "*";

export function registerRoomEndings(registry: LiveRegistry<RoomHost>): void {
  registry.publishUniversal("room.endings", {
    run: async (ctx) => {
      const userId = ctx.userId;
      if (!userId || (await ctx.host.roleOf(userId)) === null) return;
      return {
        kind: "observed",
        collection: COLLECTION.ROOM_ENDINGS,
        // Nothing to send on arrival: an ending is news to those connected when it happens.
        fetch: async () => [],
        matches: (doc) => doc.for === userId || doc.for === EVERYONE,
        project: ({ for: _for, ...doc }) => doc,
      };
    },
  });
}

/** Tells `userId` (or, for a deleted room, everyone) that the room ended for them. */
export function announceRoomEnding(
  host: RoomHost,
  ending: Omit<RoomEndingDoc, "_id" | "at">,
  userId: string | null,
): void {
  const target = userId ?? EVERYONE;
  const id = `${ending.kind}:${target}`;
  const doc: RoomEndingDoc & { for: string } = { ...ending, _id: id, at: new Date(host.now()), for: target };
  host.emit({ collection: COLLECTION.ROOM_ENDINGS, id, doc: asDoc(doc), previous: null });
}
