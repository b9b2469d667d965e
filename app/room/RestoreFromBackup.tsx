/**
 * Restoring a backup file into this room (docs/operations.md §7), for its
 * owner: the ZIP a room's “Download a copy” gave is uploaded here with a
 * progress bar (it can be large: photos and all), then the room fills
 * itself from it while the banner at the top says how far it got; once
 * done the room's screens read it afresh. Only a new, empty room takes a
 * backup (the server says so otherwise). A file chosen on the rooms page
 * for a new room starts here by itself (backup-stash.ts).
 */
import { type ChangeEvent, useEffect, useRef, useState } from "react";
import { METHOD } from "../../protocol/api";
import { errorMessage } from "../components/ErrorText";
import { UploadProgress } from "../files/UploadProgress";
import { Upload } from "../files/upload";
import { useConnection } from "../live";
import { callOn } from "../live-api";
import { Dismissible } from "../ui/Dismissible";
import { takeStashedBackup } from "./backup-stash";

export function RestoreFromBackup({ roomId }: { roomId: string }) {
  const connection = useConnection();
  const input = useRef<HTMLInputElement>(null);
  const [upload, setUpload] = useState<Upload | null>(null);
  const [started, setStarted] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function restore(file: File) {
    setError(null);
    setStarted(null);
    try {
      const next = new Upload(connection, file, { roomId, collection: "roomBackups" });
      setUpload(next);
      const uploaded = await next.done;
      await callOn(connection)(METHOD.ROOMS_RESTORE_BACKUP, uploaded._id);
      setStarted(file.name);
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setUpload(null);
    }
  }

  // A backup chosen for this new room on the rooms page: restored once the room is open.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per room.
  useEffect(() => {
    const file = takeStashedBackup(roomId);
    if (file) void restore(file);
  }, [roomId]);

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (file) void restore(file);
  }

  return (
    <div className="settings-form">
      <h3 id="restore-file-heading">Restore a backup file</h3>
      <p className="muted small">
        Fills this room — if it is new and empty — with a room's backup: its catalogue, variants, places, stock and
        ledger, history, stocktakes, orders and photos. To bring a room back, make a new room and restore its backup
        there.
      </p>
      {upload && (
        <ul className="uploads">
          <UploadProgress upload={upload} finishingText="Checking the backup…" doneText="Uploaded" />
        </ul>
      )}
      {started && (
        <p role="status" className="muted">
          Restoring “{started}”: the banner at the top shows how far it got.
        </p>
      )}
      {error && (
        <Dismissible tone="error" onDismiss={() => setError(null)}>
          {error}
        </Dismissible>
      )}
      <div className="settings-actions">
        <button
          type="button"
          className="ui-button ui-button-secondary"
          disabled={upload !== null}
          onClick={() => input.current?.click()}
        >
          Restore a backup file…
        </button>
        <input
          ref={input}
          type="file"
          accept=".zip,application/zip"
          hidden
          aria-label="Backup file to restore"
          onChange={choose}
        />
      </div>
    </div>
  );
}
