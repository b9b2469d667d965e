/** Who is in the room, inviting people (by e-mail or a QR code), and leaving the room. */
import { useState } from "react";
import { useLocation } from "wouter";
import { can, METHOD, type RoomRole } from "../../protocol/api";
import { errorMessage } from "../components/ErrorText";
import { useCall } from "../live-api";
import { MembersPanel } from "../team/MembersPanel";
import { Button } from "../ui/Button";
import { ConfirmDialog } from "../ui/ConfirmDialog";

export function TeamPage({ role, roomName }: { role: RoomRole | null; roomName: string }) {
  return (
    <>
      <MembersPanel role={role} roomName={roomName} />
      {role !== null && !can.deleteRoom(role) && <LeaveRoom roomName={roomName} />}
    </>
  );
}

/** Anyone but the owner may leave (the owner deletes the room, in Settings). */
function LeaveRoom({ roomName }: { roomName: string }) {
  const call = useCall();
  const [, navigate] = useLocation();
  const [error, setError] = useState<string | null>(null);
  return (
    <section className="card" aria-labelledby="leave-heading">
      <h2 id="leave-heading">Leave this room</h2>
      <p className="muted">You stop seeing {roomName}; someone who manages it can invite you again.</p>
      <ConfirmDialog
        title={`Leave ${roomName}?`}
        confirmLabel="Leave room"
        trigger={<Button variant="danger">Leave room</Button>}
        onConfirm={async () => {
          try {
            await call(METHOD.MEMBERS_LEAVE);
            navigate("/");
          } catch (caught) {
            setError(errorMessage(caught));
          }
        }}
      >
        You lose access to its catalogue at once.
      </ConfirmDialog>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
