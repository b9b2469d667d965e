/** One Durable Object per room: the live state of that room. */

import type { RoomRole } from "../../protocol/api";
import { registerAccounts } from "../accounts/accounts-feature";
import { openDatabase } from "../db/database";
import { roleOf } from "../db/memberships-repo";
import { LiveServer } from "../live/live-server";
import { LiveRegistry } from "../live/registry";
import { registerItems } from "./items-feature";
import { registerMembers } from "./members-feature";
import { registerRoom } from "./room-feature";
import type { RoomHost } from "./room-host";

export class RoomDO extends LiveServer<RoomHost> {
  protected createRegistry(): LiveRegistry<RoomHost> {
    const registry = new LiveRegistry<RoomHost>();
    registerAccounts(registry);
    registerRoom(registry);
    registerMembers(registry);
    registerItems(registry);
    return registry;
  }

  protected createHost(): RoomHost {
    const db = openDatabase(this.env.DB);
    const roles = new Map<string, RoomRole | null>();
    return {
      roomId: this.name,
      roleOf: async (userId) => {
        if (!roles.has(userId)) roles.set(userId, await roleOf(db, this.name, userId));
        return roles.get(userId) ?? null;
      },
      forgetRole: (userId) => roles.delete(userId),
      disconnectUser: (userId, reason) => this.closeUserConnections(userId, reason),
      db,
      env: this.env,
      object: { kind: "room", name: this.name },
      emit: (change) => this.hub.emit(change),
      closeTokenConnections: (hashes) => this.closeTokenConnections(hashes),
      now: () => Date.now(),
    };
  }
}
