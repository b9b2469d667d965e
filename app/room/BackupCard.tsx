/**
 * Backups (Settings): owners and admins download the whole room as a ZIP —
 * its data as JSON and CSV, and every photo and file — and the owner can put
 * the room back as it was at an earlier time of the last 30 days, where the
 * server keeps that history (worker/rooms/restore-route.ts says when not),
 * or fill a new room from a backup file (RestoreFromBackup.tsx).
 */
import { type FormEvent, useState } from "react";
import { can, type RoomDoc, type RoomRole } from "../../protocol/api";
import { Button } from "../ui/Button";
import { ConfirmDialog } from "../ui/ConfirmDialog";
import { Field } from "../ui/Field";
import { RestoreFromBackup } from "./RestoreFromBackup";

const DAY_MS = 24 * 3600_000;

/** A `datetime-local` value for a moment, in the browser's time zone. */
function localInput(at: number): string {
  const date = new Date(at - new Date(at).getTimezoneOffset() * 60_000);
  return date.toISOString().slice(0, 16);
}

export function BackupCard({ roomId, room, role }: { roomId: string; room: RoomDoc; role: RoomRole | null }) {
  if (!can.exportRoom(role)) return null;
  return (
    <section className="card" aria-labelledby="backup-heading">
      <h2 id="backup-heading">Backups</h2>
      <p className="muted">
        A copy of everything in “{room.name}”: the catalogue, its history, orders, customers, stocktakes and every
        photo, as one ZIP file. The data comes as JSON and as CSV files that open in any spreadsheet.
      </p>
      <div className="settings-actions">
        <a className="ui-button ui-button-secondary" href={`/api/rooms/${roomId}/export`} download>
          Download a copy of this room
        </a>
      </div>
      {can.restoreRoom(role) && <RestoreForm roomId={roomId} room={room} />}
      {can.restoreRoom(role) && <RestoreFromBackup roomId={roomId} />}
    </section>
  );
}

function RestoreForm({ roomId, room }: { roomId: string; room: RoomDoc }) {
  const [now] = useState(() => Date.now());
  const [when, setWhen] = useState(() => localInput(now - 3600_000));
  const [error, setError] = useState<string | null>(null);
  const at = new Date(when).getTime();
  const label = Number.isFinite(at) ? new Date(at).toLocaleString() : "";

  async function restore() {
    setError(null);
    const response = await fetch(`/api/rooms/${roomId}/restore`, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ at }),
    });
    const answer = (await response.json().catch(() => ({}))) as { error?: string };
    if (!response.ok) {
      setError(answer.error ?? `The room could not be restored (${response.status})`);
      return;
    }
    // Everything on screen is from before: start the room afresh.
    window.location.reload();
  }

  return (
    <form className="settings-form" onSubmit={(event: FormEvent) => event.preventDefault()}>
      <Field
        label="Restore to an earlier time"
        hint="Puts the whole room back as it was then, for everyone. Changes made since are lost: download a copy first."
        error={error}
      >
        {(props) => (
          <input
            {...props}
            type="datetime-local"
            value={when}
            min={localInput(now - 30 * DAY_MS)}
            max={localInput(now)}
            onChange={(event) => setWhen(event.target.value)}
          />
        )}
      </Field>
      <div className="settings-actions">
        <ConfirmDialog
          title={`Restore ${room.name} to ${label}?`}
          confirmLabel="Restore room"
          trigger={
            <Button variant="secondary" disabled={!Number.isFinite(at)}>
              Restore…
            </Button>
          }
          onConfirm={restore}
        >
          The catalogue, history, orders and stocktakes go back to how they were at {label}. Everything changed since is
          lost, for every member.
        </ConfirmDialog>
      </div>
    </form>
  );
}
