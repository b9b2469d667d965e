/**
 * The caller's role in the open room, from the members list — its own
 * module, so a page that only asks the role (the room's shell, the
 * catalogue) does not bring the Team page's panel and its dialogs along.
 */
import { COLLECTION, type MemberDoc, type RoomRole } from "../../protocol/api";
import { useLoginState } from "../accounts";
import { type LiveDoc, useFind } from "../live";

export const isMember = (doc: LiveDoc): doc is LiveDoc & MemberDoc => typeof doc.role === "string";

export function useMyRole(): RoomRole | null {
  const { userId } = useLoginState();
  const members = useFind(COLLECTION.MEMBERS, isMember);
  return members.find((member) => member._id === userId)?.role ?? null;
}
