import { type FormEvent, useState } from "react";
import { useLocation } from "wouter";
import { ASSIGNABLE_ROLES, COLLECTION, can, METHOD, type MemberDoc, type RoomRole } from "../../protocol/api";
import { useLoginState } from "../accounts";
import { type LiveDoc, useCall, useFind } from "../live";
import { ErrorText, errorMessage } from "./ErrorText";
import { InviteByLink } from "./InviteByLink";

const isMember = (doc: LiveDoc): doc is LiveDoc & MemberDoc => typeof doc.role === "string";
const ROLE_ORDER: Record<RoomRole, number> = { owner: 0, admin: 1, member: 2, viewer: 3 };
const byRole = (a: MemberDoc, b: MemberDoc) =>
  ROLE_ORDER[a.role] - ROLE_ORDER[b.role] || a.email.localeCompare(b.email);

/** The caller's role in the open room, from the members list. */
export function useMyRole(): RoomRole | null {
  const { userId } = useLoginState();
  const members = useFind(COLLECTION.MEMBERS, isMember);
  return members.find((member) => member._id === userId)?.role ?? null;
}

/** Who is in the room; owners and admins invite, change roles and remove. */
export function MembersPanel({ role, roomName }: { role: RoomRole | null; roomName: string }) {
  const members = useFind(COLLECTION.MEMBERS, isMember, byRole);
  const manage = can.manageMembers(role);
  return (
    <section className="card" aria-labelledby="members-heading">
      <h2 id="members-heading">
        Members <span className="muted">({members.length})</span>
      </h2>
      <ul className="member-list" data-testid="member-list">
        {members.map((member) => (
          <MemberRow key={member._id} member={member} manage={manage} />
        ))}
      </ul>
      {manage && <InviteForm />}
      {manage && <InviteByLink roomName={roomName} />}
      <RoomExit role={role} />
    </section>
  );
}

function MemberRow({ member, manage }: { member: MemberDoc; manage: boolean }) {
  const call = useCall();
  const { userId } = useLoginState();
  const [error, setError] = useState<string | null>(null);
  const editable = manage && member.role !== "owner" && member._id !== userId;
  const run = (action: Promise<unknown>) =>
    action.then(
      () => setError(null),
      (caught: unknown) => setError(errorMessage(caught)),
    );
  return (
    <li data-testid="member">
      <span className="member-email">
        {member.email}
        {member._id === userId && <span className="muted"> (you)</span>}
        {!member.joined && <span className="pill">invited</span>}
      </span>
      {editable ? (
        <>
          <select
            aria-label={`Role of ${member.email}`}
            value={member.role}
            onChange={(e) => void run(call(METHOD.MEMBERS_SET_ROLE, member._id, e.target.value))}
          >
            {ASSIGNABLE_ROLES.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </select>
          <button type="button" className="danger" onClick={() => void run(call(METHOD.MEMBERS_REMOVE, member._id))}>
            Remove
          </button>
        </>
      ) : (
        <span className="muted">{member.role}</span>
      )}
      {error && (
        <span className="error" role="alert">
          {error}
        </span>
      )}
    </li>
  );
}

function InviteForm() {
  const call = useCall();
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<(typeof ASSIGNABLE_ROLES)[number]>("member");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [sent, setSent] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setSent(null);
    try {
      await call(METHOD.MEMBERS_INVITE, email, role);
      setSent(email);
      setEmail("");
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="inline-form invite-form" onSubmit={submit} aria-label="Invite someone">
      <label htmlFor="invite-email">Invite by e-mail</label>
      <input id="invite-email" type="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
      <select
        aria-label="Role for the invitation"
        value={role}
        onChange={(e) => setRole(e.target.value as typeof role)}
      >
        {ASSIGNABLE_ROLES.map((r) => (
          <option key={r} value={r}>
            {r}
          </option>
        ))}
      </select>
      <button type="submit" disabled={busy}>
        {busy ? "Inviting…" : "Invite"}
      </button>
      {sent && <p role="status">Invitation sent to {sent}.</p>}
      <ErrorText error={error} />
    </form>
  );
}

/** Leave (everyone but the owner) or delete (the owner). */
function RoomExit({ role }: { role: RoomRole | null }) {
  const call = useCall();
  const [, navigate] = useLocation();
  const [error, setError] = useState<unknown>(null);
  if (role === null) return null;
  const owner = can.deleteRoom(role);
  const question = owner ? "Delete this room and everything in it for everyone?" : "Leave this room?";
  return (
    <div className="room-exit">
      <button
        type="button"
        className="danger"
        onClick={() => {
          if (!window.confirm(question)) return;
          call(owner ? METHOD.ROOMS_DELETE : METHOD.MEMBERS_LEAVE).then(() => navigate("/"), setError);
        }}
      >
        {owner ? "Delete room" : "Leave room"}
      </button>
      <ErrorText error={error} />
    </div>
  );
}
