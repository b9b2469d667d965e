import { type ReactNode, useEffect, useState } from "react";
import { Link, useLocation } from "wouter";
import { METHOD } from "../../protocol/api";
import type { JoinLinkInfo } from "../../protocol/docs";
import { useLoginState } from "../accounts";
import { errorMessage } from "../components/ErrorText";
import { Header } from "../components/Header";
import { HomeSessionProvider, SessionProvider } from "../components/SessionProvider";
import { useCall } from "../live-api";
import { useRoomLookup } from "../room/room-lookup";
import { roomEndpoint } from "../room/room-views";
import { useDocumentTitle } from "../ui/use-document-title";

const storageKey = (roomId: string) => `stockroom.join.${roomId}`;

/**
 * Where a room's invite QR code leads: `/join/<room>#<token>`. Signed in,
 * it joins and opens the room; signed out, it keeps the token for this tab
 * while the person signs in or creates an account, then carries on.
 */
export function JoinPage({ roomId }: { roomId: string }) {
  const [token] = useState(() => {
    const fromLink = window.location.hash.slice(1);
    if (fromLink) {
      sessionStorage.setItem(storageKey(roomId), fromLink);
      // The token is not left in the address bar or the history.
      history.replaceState(null, "", window.location.pathname);
    }
    return fromLink || sessionStorage.getItem(storageKey(roomId));
  });
  // A room that is gone has no live connection to open: say so at once (not "Opening…" for ever).
  const lookup = useRoomLookup(roomId);
  if (lookup.state === "missing" || lookup.state === "deleted") {
    return (
      <JoinFrame>
        <div className="empty-state">
          <h1>{lookup.state === "deleted" ? "This room was deleted" : "This room no longer exists"}</h1>
          <p>The invitation cannot be used. Ask whoever shared it whether there is a new room to join.</p>
          <p>
            <Link href="/">Back to your rooms</Link>
          </p>
        </div>
      </JoinFrame>
    );
  }
  return (
    // Opened while the room is still being looked up, as it is where the link leads (one connection, not two).
    <SessionProvider path={roomEndpoint(roomId)}>
      <Header>Join a room</Header>
      <main className="page narrow">
        {lookup.state === "checking" ? (
          <p className="muted">Opening the invitation…</p>
        ) : token ? (
          <JoinWithToken roomId={roomId} token={token} />
        ) : (
          <div className="empty-state">
            <h1>This join link is incomplete</h1>
            <p>Scan the code again, or ask for a new link.</p>
          </div>
        )}
      </main>
    </SessionProvider>
  );
}

/** The page around an invitation whose room is gone (there is no room connection to open). */
function JoinFrame({ children }: { children: ReactNode }) {
  return (
    <HomeSessionProvider>
      <Header>Join a room</Header>
      <main className="page narrow">{children}</main>
    </HomeSessionProvider>
  );
}

function JoinWithToken({ roomId, token }: { roomId: string; token: string }) {
  const { userId, loggingIn } = useLoginState();
  const call = useCall();
  const [, navigate] = useLocation();
  const [error, setError] = useState<string | null>(null);
  const [info, setInfo] = useState<JoinLinkInfo | null>(null);
  useDocumentTitle(info ? `Join ${info.roomName}` : "Join a room");

  // What the link leads to, shown before anything else (no sign-in needed).
  useEffect(() => {
    let cancelled = false;
    call(METHOD.MEMBERS_JOIN_LINK_INFO, token).then(
      (answer) => !cancelled && setInfo(answer as JoinLinkInfo),
      (caught) => !cancelled && setError(errorMessage(caught)),
    );
    return () => {
      cancelled = true;
    };
  }, [call, token]);

  useEffect(() => {
    if (!userId || !info) return;
    let cancelled = false;
    call(METHOD.MEMBERS_JOIN, token)
      .then(() => {
        sessionStorage.removeItem(storageKey(roomId));
        if (!cancelled) navigate(`/rooms/${roomId}`);
      })
      .catch((caught) => !cancelled && setError(errorMessage(caught)));
    return () => {
      cancelled = true;
    };
  }, [userId, info, call, token, roomId, navigate]);

  if (error) {
    return (
      <div className="empty-state">
        <h1>Could not join</h1>
        <p role="alert">{error}</p>
        <p>Ask whoever shared it for a new link or QR code.</p>
        <p>
          <Link href="/">Back to your rooms</Link>
        </p>
      </div>
    );
  }
  if (!info) return <p className="muted">Opening the invitation…</p>;
  const heading = `${info.invitedBy ?? "Someone"} invited you to ${info.roomName}`;
  if (userId || loggingIn) {
    return (
      <div className="empty-state">
        <h1>{heading}</h1>
        <p className="muted">Joining the room as {info.role}…</p>
      </div>
    );
  }
  const next = encodeURIComponent(`/join/${roomId}`);
  return (
    <div className="empty-state">
      <h1>{heading}</h1>
      <p>You will join as {info.role}. Sign in, or create an account — it takes a minute — and you land in the room.</p>
      <div className="welcome-actions">
        <Link href={`/sign-up?next=${next}`} className="ui-button ui-button-primary">
          Create an account
        </Link>
        <Link href={`/sign-in?next=${next}`} className="ui-button ui-button-secondary">
          Sign in
        </Link>
      </div>
    </div>
  );
}
