/**
 * When the open room ends for this person — deleted, or they were removed
 * (worker/rooms/room-endings.ts) — the room's screens must not go on
 * reconnecting and taking edits that can never be saved. The person is
 * taken to their rooms, where a notice says what happened, by whom, and
 * what became of their changes that were still waiting; what this browser
 * kept of the room is deleted (forget-room.ts).
 */
import { useEffect, useRef, useState } from "react";
import { useLocation } from "wouter";
import { COLLECTION, type RoomEndingDoc } from "../../protocol/api";
import { type LiveDoc, useConnection, usePendingCount, useStatus } from "../live";
import { forgetRoom } from "./forget-room";
import { lookUpRoom } from "./room-lookup";
import { leaveRoomNotice } from "./room-notice";

const isEnding = (doc: LiveDoc): doc is LiveDoc & RoomEndingDoc => typeof doc.kind === "string";

/** What ended, as far as it is known: a tab that was offline meanwhile learns only that the room is gone. */
type Ending = Pick<RoomEndingDoc, "kind" | "roomName"> & { by: string | null; byYou: boolean };

export function roomEndingText(ending: Ending, waiting: number): string {
  const room = ending.roomName ? `“${ending.roomName}”` : "The room";
  const what =
    ending.kind === "deleted"
      ? ending.byYou
        ? `You deleted ${ending.roomName ? room : "the room"}.`
        : `${room} was deleted${ending.by ? ` by ${ending.by}` : ""}.`
      : `${ending.by ?? "Someone"} removed you from ${ending.roomName ? room : "the room"}.`;
  if (waiting === 0) return what;
  const changes =
    waiting === 1 ? "1 change you made there was" : `${waiting.toLocaleString()} changes you made there were`;
  return `${what} ${changes} not saved yet and could not be kept.`;
}

/**
 * `roomName` is the room's name as this page knows it, for a room found
 * gone on reconnecting (a tab that was offline when it was deleted).
 */
export function useRoomEnding(userId: string | null, roomId: string, roomName: string): void {
  const connection = useConnection();
  // Latched as it arrives: the connection closes right after, and the reconnect's fresh data
  // (where the ending is not sent again) may replace it before a render would see it.
  const [told, setTold] = useState<RoomEndingDoc | null>(null);
  useEffect(() => {
    const check = () => {
      const [ending] = connection.store.find(COLLECTION.ROOM_ENDINGS).filter(isEnding);
      if (ending) setTold((before) => before ?? ending);
    };
    check();
    return connection.store.onChange((changed) => changed.has(COLLECTION.ROOM_ENDINGS) && check());
  }, [connection]);
  const status = useStatus();
  const pending = usePendingCount();
  const [, navigate] = useLocation();
  const [gone, setGone] = useState(false);
  const waiting = useRef(pending);
  waiting.current = pending;
  const name = useRef(roomName);
  if (roomName) name.current = roomName;
  const handled = useRef(false);

  // Cannot reach the room: is it still there? (Checked each time a retry is due, not in a loop.)
  const retrying = status.status === "waiting";
  useEffect(() => {
    if (!retrying) return;
    let cancelled = false;
    // Only a room known to be deleted: "missing" could be a lagging directory, and would drop waiting changes.
    void lookUpRoom(roomId).then((found) => !cancelled && found.state === "deleted" && setGone(true));
    return () => {
      cancelled = true;
    };
  }, [retrying, roomId]);

  const ending: Ending | null = told
    ? { ...told, byYou: told.byUserId === userId }
    : gone
      ? { kind: "deleted", roomName: name.current, by: null, byYou: false }
      : null;
  useEffect(() => {
    if (!ending || handled.current) return;
    handled.current = true;
    leaveRoomNotice(roomEndingText(ending, waiting.current));
    connection.dropWaitingCalls();
    if (userId) forgetRoom(userId, roomId);
    navigate("/");
  });
}
