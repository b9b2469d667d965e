/**
 * HomeDOs serve connections that have no room open: the room list and room
 * creation (accounts join them in the next issue). Sharded by name, so no
 * single object is hot.
 */

import { COLLECTION, METHOD, PUBLICATION } from "../../protocol/api";
import { PUBLICATION_ARGS } from "../../protocol/args";
import { LiveError } from "../../protocol/errors";
import { RandomStream } from "../../protocol/random-stream";
import { registerAccounts } from "../accounts/accounts-feature";
import type { AccountsHost } from "../accounts/accounts-host";
import { AccountsLiveServer } from "../accounts/accounts-live-server";
import { defineMethod } from "../contract";
import { openDatabase } from "../db/directory/database";
import { createRoomWithOwner, roomsOfUser } from "../db/directory/memberships-repo";
import { toRoomDoc } from "../db/directory/rooms-repo";
import { LiveRegistry } from "../live/registry";
import { asDoc } from "../live/types";

/** What the HomeDO gives its features: just what accounts need. */
export type HomeHost = AccountsHost;

/** Rooms change in their own RoomDOs, so the list is polled (docs/architecture.md §2). */
export const ROOM_LIST_POLL_MS = 10_000;

export class HomeDO extends AccountsLiveServer<HomeHost> {
  protected createRegistry(): LiveRegistry<HomeHost> {
    const registry = new LiveRegistry<HomeHost>();
    registerAccounts(registry);
    registry.publish(PUBLICATION.ROOMS_LIST, {
      args: PUBLICATION_ARGS[PUBLICATION.ROOMS_LIST],
      run: (ctx) => ({
        kind: "polled",
        collection: COLLECTION.ROOMS,
        intervalMs: ROOM_LIST_POLL_MS,
        // "My rooms": only rooms the caller belongs to; nothing when signed out.
        fetch: async () =>
          ctx.userId ? (await roomsOfUser(ctx.host.db, ctx.userId)).map((row) => asDoc(toRoomDoc(row))) : [],
      }),
    });
    defineMethod(registry, METHOD.ROOMS_CREATE, {
      run: async (ctx, name, currency) => {
        if (!ctx.userId) throw new LiveError(401, "Sign in to create a room");
        // The id comes from the call's seed: a create re-sent after a lost answer finds its room.
        const id = new RandomStream(ctx.randomSeed).id(COLLECTION.ROOMS);
        const made = await createRoomWithOwner(ctx.host.db, name, ctx.userId, ctx.host.now(), id, currency);
        if (!made) throw new LiveError(409, "A room with this id exists");
        const { room, created } = made;
        if (created)
          ctx.host.emit({ collection: COLLECTION.ROOMS, id: room.id, doc: asDoc(toRoomDoc(room)), previous: null });
        return room.id;
      },
    });
    // Room creation is cheap to call and costly to store: limit it per connection.
    registry.limit({
      id: "rooms-create",
      match: { type: "method", name: METHOD.ROOMS_CREATE, connectionId: () => true },
      limit: 5,
      intervalMs: 10_000,
    });
    return registry;
  }

  protected createHost(): HomeHost {
    return {
      db: openDatabase(this.env.DB),
      env: this.env,
      object: { kind: "home", name: this.name },
      emit: (change) => this.hub.emit(change),
      closeTokenConnections: (hashes) => this.closeTokenConnections(hashes),
      hasUserConnections: (userId) => this.hasUserConnections(userId),
      now: () => Date.now(),
      background: (what, task) => this.runInBackground(what, task),
    };
  }
}
