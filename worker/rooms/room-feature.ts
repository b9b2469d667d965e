/** The room document itself: its publication, rename and currency. */

import { COLLECTION, can, METHOD, PUBLICATION } from "../../protocol/api";
import { PUBLICATION_ARGS } from "../../protocol/args";
import { LiveError } from "../../protocol/errors";
import { defineMethod } from "../contract";
import { toRoomDoc } from "../db/directory/rooms-repo";
import type { LiveRegistry } from "../live/registry";
import { asDoc } from "../live/types";
import { requireRole } from "./access";
import type { RoomHost } from "./room-host";
import { changeRoomRecord, roomRecord } from "./room-record";

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
          const row = await roomRecord(ctx.host);
          return row ? [asDoc(toRoomDoc(row))] : [];
        },
        matches: (doc) => doc._id === ctx.host.roomId,
      } as const;
    },
  });
  defineMethod(registry, METHOD.ROOMS_RENAME, {
    run: async (ctx, name) => {
      await requireRole(ctx, can.renameRoom);
      await changeRoom(ctx.host, { name });
    },
  });
}

export function registerRoomCurrency(registry: LiveRegistry<RoomHost>): void {
  defineMethod(registry, METHOD.ROOMS_SET_CURRENCY, {
    run: async (ctx, currency) => {
      await requireRole(ctx, can.renameRoom);
      if (!knownCurrency(currency)) throw new LiveError(400, `${currency} is not a currency this app knows`);
      await changeRoom(ctx.host, { currency });
    },
  });
}

/** ISO 4217 codes the runtime can format (every current one). */
function knownCurrency(code: string): boolean {
  const supported = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.("currency");
  return supported ? supported.includes(code) : /^[A-Z]{3}$/.test(code);
}

/** Changes the room's own record (and owes the directory the change); tells its subscribers, old and new. */
async function changeRoom(host: RoomHost, change: { name?: string; currency?: string }) {
  const changed = await changeRoomRecord(host, change);
  if (!changed) throw new LiveError(404, "Room not found");
  host.emit({
    collection: COLLECTION.ROOMS,
    id: changed.after.id,
    doc: asDoc(toRoomDoc(changed.after)),
    previous: asDoc(toRoomDoc(changed.before)),
  });
  // The room lists of its members read the directory: answered once it has the change (or it is queued to retry).
  await host.syncDirectory();
}
