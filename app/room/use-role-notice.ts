/**
 * A person whose role in the open room changes — made a viewer while
 * typing, say — is told at once what they can do now, instead of finding
 * their controls gone without a word.
 */
import { useEffect, useRef } from "react";
import { can, type RoomRole } from "../../protocol/api";
import { useToast } from "../ui/Toast";

const WHAT: Record<RoomRole, string> = {
  owner: "you own it and can do everything in it",
  admin: "you can change items, the team and the store connection",
  member: "you can add and change items",
  counter: "you can count in stocktakes and receive stock, but not change items",
  viewer: "you can see everything but no longer change items",
};

export function useRoleNotice(role: RoomRole | null, roomName: string): void {
  const toast = useToast();
  const before = useRef<RoomRole | null>(null);
  useEffect(() => {
    const previous = before.current;
    before.current = role;
    // The first role known is not a change; losing the room altogether is said elsewhere (use-room-ending.ts).
    if (previous === null || role === null || previous === role) return;
    const room = roomName ? `“${roomName}”` : "this room";
    const lostEditing = can.editItems(previous) && !can.editItems(role);
    toast.show({
      text: `Your role in ${room} is now ${role}: ${WHAT[role]}.${lostEditing ? " Anything you were typing was not saved." : ""}`,
      tone: lostEditing ? "danger" : "neutral",
      duration: 15_000,
    });
  }, [role, roomName, toast]);
}
