/**
 * A person whose role in the open room changes — made a viewer while
 * typing, say — is told at once what they can do now, instead of finding
 * their controls gone without a word.
 */
import { useEffect, useRef } from "react";
import { can, ROLE_CAN, ROLE_NAMES, type RoomRole } from "../../protocol/api";
import { useToast } from "../ui/Toast";

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
      text: `Your role in ${room} is now ${ROLE_NAMES[role].toLowerCase()}: ${ROLE_CAN[role]}.${lostEditing ? " Anything you were typing was not saved." : ""}`,
      tone: lostEditing ? "danger" : "neutral",
      duration: 15_000,
    });
  }, [role, roomName, toast]);
}
