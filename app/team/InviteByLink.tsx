import { lazy, Suspense, useState } from "react";
import { JOIN_LINK_DAYS, JOIN_ROLES, type JoinLink, METHOD, ROLE_NAMES } from "../../protocol/api";
import { ErrorText } from "../components/ErrorText";
import { useRoomLogoUrl } from "../files/room-logo";
import { useCall } from "../live-api";
import { CopyButton } from "../ui/CopyButton";

/** The QR renderer downloads only when someone asks for an invite code. */
const InviteQr = lazy(() => import("../qr/InviteQr"));

/**
 * The room's invite QR code: a join link anyone signed in can open to join
 * with the chosen role, shown as a code to scan and a link to copy.
 */
export function InviteByLink({ roomName }: { roomName: string }) {
  const call = useCall();
  const [role, setRole] = useState<(typeof JOIN_ROLES)[number]>("member");
  const [link, setLink] = useState<JoinLink | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const logo = useRoomLogoUrl();

  async function run(action: () => Promise<void>) {
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      await action();
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  }

  const create = () => run(async () => setLink(await call(METHOD.MEMBERS_CREATE_JOIN_LINK, role)));
  const revoke = () =>
    run(async () => {
      const count = await call(METHOD.MEMBERS_REVOKE_JOIN_LINKS);
      setLink(null);
      setNotice(`${count} join link${count === 1 ? "" : "s"} stopped.`);
    });

  return (
    <div className="invite-by-link">
      <div className="inline-form">
        <label htmlFor="join-role">Join by QR code, as</label>
        <select id="join-role" value={role} onChange={(e) => setRole(e.target.value as typeof role)}>
          {JOIN_ROLES.map((r) => (
            <option key={r} value={r}>
              {ROLE_NAMES[r]}
            </option>
          ))}
        </select>
        <button type="button" className="secondary" disabled={busy} onClick={create}>
          Show QR code
        </button>
        <button type="button" className="link-button" disabled={busy} onClick={revoke}>
          Stop all join links
        </button>
      </div>
      {link && (
        <div className="invite-code" data-testid="invite-code">
          <Suspense fallback={<div className="qr-placeholder" aria-busy="true" />}>
            <InviteQr link={link.url} roomName={roomName} style={logo ? { logo: { src: logo } } : undefined} />
          </Suspense>
          <div className="join-link-row">
            <input
              readOnly
              value={link.url}
              aria-label="Join link"
              className="mono"
              onFocus={(e) => e.target.select()}
            />
            <CopyButton text={link.url} />
          </div>
          <p className="muted small">
            Anyone signed in who opens this joins as {link.role}. It works for {JOIN_LINK_DAYS} days (until{" "}
            {link.expiresAt.toLocaleDateString()}).
          </p>
        </div>
      )}
      {notice && <p role="status">{notice}</p>}
      <ErrorText error={error} />
    </div>
  );
}
