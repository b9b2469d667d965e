import { useEffect, useState } from "react";
import { Link, useLocation } from "wouter";
import { METHOD } from "../../protocol/api";
import { useLoginState } from "../accounts";
import { errorMessage } from "../components/ErrorText";
import { Header } from "../components/Header";
import { SessionProvider } from "../components/SessionProvider";
import { useCall } from "../live";

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
  return (
    <SessionProvider path={`rooms/${encodeURIComponent(roomId)}/websocket`}>
      <Header>Join a room</Header>
      <main className="page narrow">
        {token ? (
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

function JoinWithToken({ roomId, token }: { roomId: string; token: string }) {
  const { userId, loggingIn } = useLoginState();
  const call = useCall();
  const [, navigate] = useLocation();
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!userId) return;
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
  }, [userId, call, token, roomId, navigate]);

  if (error) {
    return (
      <div className="empty-state">
        <h1>Could not join</h1>
        <p role="alert">{error}</p>
        <p>
          <Link href="/">Back to your rooms</Link>
        </p>
      </div>
    );
  }
  if (userId || loggingIn) return <p className="muted">Joining the room…</p>;
  const next = encodeURIComponent(`/join/${roomId}`);
  return (
    <div className="empty-state">
      <h1>You're invited to a room</h1>
      <p>
        <Link href={`/sign-in?next=${next}`}>Sign in</Link> or{" "}
        <Link href={`/sign-up?next=${next}`}>create an account</Link> to join it.
      </p>
    </div>
  );
}
