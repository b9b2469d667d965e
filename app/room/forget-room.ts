/**
 * What this browser keeps of one room for one person — its edits waiting for
 * the server and its documents (live/user-data.ts), what was being typed on
 * its item pages (catalogue/field-drafts.ts) — deleted when the room ends
 * for them (deleted, or they were removed): its waiting calls can never be
 * made, and its documents are no longer theirs to see.
 */
import { dropDraftsOf } from "../catalogue/field-drafts";
import { roomEndpoint } from "./room-views";

export function forgetRoom(userId: string, roomId: string): void {
  void import("../live/offline-stores").then((stores) => stores.deleteRoomData(userId, roomEndpoint(roomId)));
  dropDraftsOf(userId, roomId);
}
