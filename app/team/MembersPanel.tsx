import { type FormEvent, useState } from "react";
import {
  ASSIGNABLE_ROLES,
  COLLECTION,
  can,
  METHOD,
  type MemberDoc,
  ROLE_CAN,
  ROLE_NAMES,
  type RoomRole,
} from "../../protocol/api";
import { useLoginState } from "../accounts";
import { ErrorText, errorMessage } from "../components/ErrorText";
import { useFind } from "../live";
import { useCall } from "../live-api";
import { Badge } from "../ui/Badge";
import { Button } from "../ui/Button";
import { ConfirmDialog } from "../ui/ConfirmDialog";
import { InviteByLink } from "./InviteByLink";
import { isMember } from "./use-my-role";

const ROLE_ORDER: Record<RoomRole, number> = { owner: 0, admin: 1, member: 2, cashier: 3, counter: 4, viewer: 5 };
const byRole = (a: MemberDoc, b: MemberDoc) =>
  ROLE_ORDER[a.role] - ROLE_ORDER[b.role] || (a.name || a.email).localeCompare(b.name || b.email);

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
    </section>
  );
}

function MemberRow({ member, manage }: { member: MemberDoc; manage: boolean }) {
  const call = useCall();
  const { userId } = useLoginState();
  const [error, setError] = useState<string | null>(null);
  // A role chosen waits for a yes: it changes what the person can do at once.
  const [pending, setPending] = useState<(typeof ASSIGNABLE_ROLES)[number] | null>(null);
  const editable = manage && member.role !== "owner" && member._id !== userId;
  const run = (action: Promise<unknown>) =>
    action.then(
      () => setError(null),
      (caught: unknown) => setError(errorMessage(caught)),
    );
  return (
    <li data-testid="member">
      <span className="member-email">
        {member.name ? (
          <>
            {member.name} <span className="muted">{member.email}</span>
          </>
        ) : (
          member.email
        )}
        {member._id === userId && <span className="muted"> (you)</span>}
        {!member.joined && <Badge tone="warn">invited</Badge>}
      </span>
      {editable ? (
        <>
          <select
            aria-label={`Role of ${member.email}`}
            value={member.role}
            onChange={(e) => setPending(ASSIGNABLE_ROLES.find((role) => role === e.target.value) ?? null)}
          >
            {ASSIGNABLE_ROLES.map((r) => (
              <option key={r} value={r}>
                {ROLE_NAMES[r]}
              </option>
            ))}
          </select>
          <ConfirmDialog
            open={pending !== null}
            onOpenChange={(open) => {
              if (!open) setPending(null);
            }}
            title={`Make ${member.email} ${pending ? ROLE_NAMES[pending].toLowerCase() : ""}?`}
            confirmLabel="Change role"
            tone="primary"
            onConfirm={async () => {
              if (pending) await run(call(METHOD.MEMBERS_SET_ROLE, member._id, pending));
              setPending(null);
            }}
          >
            {pending ? `As ${ROLE_NAMES[pending].toLowerCase()}, ${ROLE_CAN[pending]}. They are told at once.` : ""}
          </ConfirmDialog>
          <ConfirmDialog
            title={`Remove ${member.email}?`}
            confirmLabel="Remove"
            trigger={
              <Button variant="danger" size="sm" aria-label={`Remove ${member.email}`}>
                Remove
              </Button>
            }
            onConfirm={async () => {
              await call(METHOD.MEMBERS_REMOVE, member._id);
            }}
          >
            They lose access to this room at once, on every device. You can invite them again later.
          </ConfirmDialog>
        </>
      ) : (
        <Badge tone={member.role === "owner" ? "accent" : "neutral"}>{member.role}</Badge>
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
            {ROLE_NAMES[r]}
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
