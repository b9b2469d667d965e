/**
 * A room made by the previous release moves its rows into its own storage
 * the first time it opens after the upgrade (docs/architecture.md §2). It
 * takes the connection at once and says how far it got; its lists fill in
 * once it is done. Nothing shows for any other room.
 */
import { COLLECTION, type RoomOpeningDoc } from "../../protocol/api";
import { type LiveDoc, useFind } from "../live";

const isOpening = (doc: LiveDoc): doc is LiveDoc & RoomOpeningDoc => typeof doc.copied === "number";

export function RoomOpening() {
  const [opening] = useFind(COLLECTION.ROOM_OPENING, isOpening);
  if (!opening) return null;
  return (
    <div className="room-opening" role="status">
      <span>
        Moving this room into its own storage (once, after an update)… {opening.copied.toLocaleString()} of{" "}
        {opening.total.toLocaleString()} records
      </span>
      <progress
        aria-label="Moving this room into its own storage"
        max={Math.max(1, opening.total)}
        value={opening.copied}
      />
    </div>
  );
}
