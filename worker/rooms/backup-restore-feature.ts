/**
 * `rooms.restoreBackup`: the owner of a new, empty room fills it from a
 * backup file they uploaded to it (backup-restore.ts, docs/operations.md §7).
 * The call answers once the backup is found readable; the room then holds
 * every call and subscription while it fills, and `room.opening` says how
 * far it got, or why it stopped.
 */
import { can, METHOD } from "../../protocol/api";
import { LiveError } from "../../protocol/errors";
import { defineMethod } from "../contract";
import { findRoomFile } from "../db/room/files-repo";
import type { LiveRegistry } from "../live/registry";
import { requireRole } from "./access";
import { beginRestore } from "./backup-restore";
import type { RoomHost } from "./room-host";

export function registerBackupRestore(registry: LiveRegistry<RoomHost>): void {
  defineMethod(registry, METHOD.ROOMS_RESTORE_BACKUP, {
    run: async (ctx, fileId) => {
      await requireRole(ctx, can.restoreRoom);
      const host = ctx.host;
      const file = await findRoomFile(host.roomDb, host.roomId, fileId);
      if (file?.collection !== "roomBackups") {
        throw new LiveError(404, "No such backup in this room: upload the backup file first");
      }
      await host.writes.run(async () => {
        await beginRestore(host, file.id, `${file.storagePath}/original`);
        // Within the turn: nothing written after the room was found empty lands before the restore holds it.
        host.fillFromBackup();
      });
      return null;
    },
  });
}
