import { Link } from "wouter";
import { useAccounts, useLoginState, useUser } from "../accounts";

/** Who is signed in, with sign-out; or the way to sign in. */
export function UserMenu() {
  const accounts = useAccounts();
  const { userId, loggingIn, loggingOut } = useLoginState();
  const user = useUser();
  if (loggingIn && !userId) return <span className="muted">Signing in…</span>;
  if (!userId) {
    return (
      <Link href="/sign-in" className="user-menu">
        Sign in
      </Link>
    );
  }
  const name = user?.emails?.[0]?.address ?? user?.username ?? "Signed in";
  return (
    <span className="user-menu" data-testid="user-menu">
      <Link href="/account" className="user-name">
        {name}
      </Link>
      <button type="button" className="link-button" disabled={loggingOut} onClick={() => void accounts.logout()}>
        {loggingOut ? "Signing out…" : "Sign out"}
      </button>
    </span>
  );
}
