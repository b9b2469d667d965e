/**
 * How the app names a person who did something in the room: the name they
 * chose (else their address) from the room's members list, "You" for the
 * signed-in person, "The store" for the store sync. One place, so every
 * message names people the same way.
 */
import { useCallback } from "react";
import { COLLECTION, type MemberDoc, STORE_ACTOR } from "../../protocol/api";
import { useLoginState } from "../accounts";
import { type LiveDoc, useFind } from "../live";

const isMember = (doc: LiveDoc): doc is LiveDoc & MemberDoc => typeof doc.role === "string";

export function useNameOf(): (userId: string) => string {
  const { userId: me } = useLoginState();
  const members = useFind(COLLECTION.MEMBERS, isMember);
  return useCallback(
    (userId: string) => {
      if (userId === STORE_ACTOR) return "The store";
      if (userId && userId === me) return "You";
      const member = members.find((candidate) => candidate._id === userId);
      return member ? member.name || member.email : "Someone";
    },
    [members, me],
  );
}
