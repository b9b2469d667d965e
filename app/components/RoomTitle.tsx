import { type FormEvent, useState } from "react";
import { METHOD, type RoomDoc } from "../../protocol/api";
import { useCall } from "../live";
import { errorMessage } from "./ErrorText";

/** The room's name; click (or Enter) to rename it for everyone. */
export function RoomTitle({ room, canRename }: { room: RoomDoc; canRename: boolean }) {
  const call = useCall();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(room.name);
  const [error, setError] = useState<string | null>(null);

  async function save(event: FormEvent) {
    event.preventDefault();
    try {
      await call(METHOD.ROOMS_RENAME, draft);
      setEditing(false);
      setError(null);
    } catch (caught) {
      setError(errorMessage(caught));
    }
  }

  if (!canRename) {
    return <h1 data-testid="room-name">{room.name}</h1>;
  }
  if (!editing) {
    return (
      <button
        type="button"
        className="room-title"
        title="Rename room"
        onClick={() => {
          setDraft(room.name);
          setEditing(true);
        }}
      >
        <h1 data-testid="room-name">{room.name}</h1>
      </button>
    );
  }
  return (
    <form className="rename-form" onSubmit={save}>
      <label className="visually-hidden" htmlFor="rename-room">
        Room name
      </label>
      <input
        id="rename-room"
        value={draft}
        maxLength={80}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={(event) => event.key === "Escape" && setEditing(false)}
      />
      <button type="submit">Save</button>
      <button type="button" className="secondary" onClick={() => setEditing(false)}>
        Cancel
      </button>
      {error && <span className="error">{error}</span>}
    </form>
  );
}
