/** The room document itself: its publication, rename and currency. */
import { COLLECTION, can, METHOD, PUBLICATION } from "../../protocol/api";
import { METHOD_ARGS, PUBLICATION_ARGS } from "../../protocol/args";
import { LiveError } from "../../protocol/errors";
import type { Database } from "../db/database";
import { findRoom, renameRoom, setRoomCurrency, toRoomDoc } from "../db/rooms-repo";
import type { RoomRow } from "../db/schema";
import type { LiveRegistry } from "../live/registry";
import { asDoc } from "../live/types";
import { requireRole } from "./access";
import type { RoomHost } from "./room-host";

export function registerRoom(registry: LiveRegistry<RoomHost>): void {
  registry.publish(PUBLICATION.ROOM, {
    args: PUBLICATION_ARGS[PUBLICATION.ROOM],
    run: async (ctx) => {
      await requireRole(ctx);
      return {
        kind: "observed",
        collection: COLLECTION.ROOMS,
        key: "this",
        fetch: async () => {
          const row = await findRoom(ctx.host.db, ctx.host.roomId);
          return row ? [asDoc(toRoomDoc(row))] : [];
        },
        matches: (doc) => doc._id === ctx.host.roomId,
      } as const;
    },
  });
  registry.method(METHOD.ROOMS_RENAME, {
    args: METHOD_ARGS[METHOD.ROOMS_RENAME],
    run: async (ctx, name) => {
      await requireRole(ctx, can.renameRoom);
      await changeRoom(ctx.host, (db, roomId) => renameRoom(db, roomId, name));
    },
  });
}

export function registerRoomCurrency(registry: LiveRegistry<RoomHost>): void {
  registry.method(METHOD.ROOMS_SET_CURRENCY, {
    args: METHOD_ARGS[METHOD.ROOMS_SET_CURRENCY],
    run: async (ctx, currency) => {
      await requireRole(ctx, can.renameRoom);
      if (!knownCurrency(currency)) throw new LiveError(400, `${currency} is not a currency this app knows`);
      await changeRoom(ctx.host, (db, roomId) => setRoomCurrency(db, roomId, currency));
    },
  });
}

/** ISO 4217 codes the runtime can format (every current one). */
function knownCurrency(code: string): boolean {
  const supported = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.("currency");
  return supported ? supported.includes(code) : /^[A-Z]{3}$/.test(code);
}

/** Writes a change to the room's own row and tells its subscribers, old and new. */
async function changeRoom(host: RoomHost, change: (db: Database, roomId: string) => Promise<RoomRow | null>) {
  const before = await findRoom(host.db, host.roomId);
  const row = await change(host.db, host.roomId);
  if (!before || !row) throw new LiveError(404, "Room not found");
  host.emit({
    collection: COLLECTION.ROOMS,
    id: row.id,
    doc: asDoc(toRoomDoc(row)),
    previous: asDoc(toRoomDoc(before)),
  });
}
