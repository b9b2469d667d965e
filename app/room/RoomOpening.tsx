/**
 * A room filling itself before it serves: one made by the previous release
 * moving its rows into its own storage the first time it opens after the
 * upgrade (docs/architecture.md §2), or a new room restoring a backup file
 * (docs/operations.md §7). It takes the connection at once and says how far
 * it got; its lists fill in once it is done. A restore that stopped says
 * why. Nothing shows for any other room.
 */
import { useState } from "react";
import { COLLECTION, type RoomOpeningDoc } from "../../protocol/api";
import { type LiveDoc, useFind } from "../live";
import { Dismissible } from "../ui/Dismissible";

const isOpening = (doc: LiveDoc): doc is LiveDoc & RoomOpeningDoc => typeof doc.copied === "number";

export function RoomOpening() {
  const [opening] = useFind(COLLECTION.ROOM_OPENING, isOpening);
  const [dismissed, setDismissed] = useState<string | null>(null);
  if (!opening) return null;
  if (opening.failed) {
    if (dismissed === opening.failed) return null;
    return (
      <Dismissible tone="error" onDismiss={() => setDismissed(opening.failed ?? null)}>
        The backup was not restored: {opening.failed}
      </Dismissible>
    );
  }
  const what =
    opening.what !== "restore"
      ? "Moving this room into its own storage"
      : opening.step === "photos"
        ? "Restoring the backup's photos"
        : "Restoring the backup's records";
  const share = opening.total > 0 ? Math.floor((100 * opening.copied) / opening.total) : 0;
  return (
    <div className="room-opening" role="status">
      <span>
        {opening.what !== "restore"
          ? `${what} (once, after an update)… ${opening.copied.toLocaleString()} of ${opening.total.toLocaleString()} records`
          : opening.step === "photos"
            ? `${what}… ${opening.copied.toLocaleString()} of ${opening.total.toLocaleString()}`
            : `${what}… ${share}%`}
      </span>
      <progress aria-label={what} max={Math.max(1, opening.total)} value={opening.copied} />
    </div>
  );
}
