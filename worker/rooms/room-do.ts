/** One Durable Object per room: the live state of that room. */
import { registerAccounts } from "../accounts/accounts-feature";
import { openDatabase } from "../db/database";
import { LiveServer } from "../live/live-server";
import { LiveRegistry } from "../live/registry";
import { registerItems } from "./items-feature";
import { registerRoom } from "./room-feature";
import type { RoomHost } from "./room-host";

export class RoomDO extends LiveServer<RoomHost> {
  protected createRegistry(): LiveRegistry<RoomHost> {
    const registry = new LiveRegistry<RoomHost>();
    registerAccounts(registry);
    registerRoom(registry);
    registerItems(registry);
    return registry;
  }

  protected createHost(): RoomHost {
    return {
      roomId: this.name,
      db: openDatabase(this.env.DB),
      env: this.env,
      object: { kind: "room", name: this.name },
      emit: (change) => this.hub.emit(change),
      closeTokenConnections: (hashes) => this.closeTokenConnections(hashes),
      now: () => Date.now(),
    };
  }
}
