import { useEffect } from "react";
import { Link, useLocation } from "wouter";
import { avatarColour, initials } from "../people/avatar";
import { Menu, MenuItem } from "../ui/Menu";
import { nameOfUser, useAccounts, useLoginState, useUser } from ".";
import { rememberUserName, storedUserName } from "./stored-login";

/** Who is signed in, in a menu (account, sign out); or the way to sign in. */
export function UserMenu() {
  const accounts = useAccounts();
  const [, navigate] = useLocation();
  const { userId, loggingIn, loggingOut } = useLoginState();
  const user = useUser();
  const known = user ? nameOfUser(user) : null;
  useEffect(() => {
    if (known) rememberUserName(known);
  }, [known]);
  if (loggingIn && !userId) return <span className="muted">Signing in…</span>;
  if (!userId) {
    return (
      <Link href="/sign-in" className="user-menu">
        Sign in
      </Link>
    );
  }
  // With no line (a page opened offline) the document cannot come: the name kept from the last time.
  const name = known ?? storedUserName() ?? "Signed in";
  const initial = initials(name);
  return (
    <Menu
      align="end"
      label="Account"
      trigger={
        <button type="button" className="account-button" data-testid="user-menu">
          <span className="account-initial" aria-hidden="true" style={{ background: avatarColour(userId) }}>
            {initial}
          </span>
          <span className="visually-hidden">Account: </span>
          <span className="account-name">{name}</span>
        </button>
      }
    >
      <MenuItem onSelect={() => navigate("/")}>Your rooms</MenuItem>
      <MenuItem onSelect={() => navigate("/account")}>Account and password</MenuItem>
      <MenuItem onSelect={() => void accounts.logout()}>{loggingOut ? "Signing out…" : "Sign out"}</MenuItem>
    </Menu>
  );
}
