/**
 * Links in account e-mails carry their token in the URL hash
 * (`#/reset-password/TOKEN`, docs/protocol.md §2), so it never reaches a server log. At
 * start the app takes the link out of the address bar, keeping the token only
 * in memory, and shows the screen for it.
 */
export type AccountLinkKind = "reset-password" | "verify-email" | "enroll-account" | "login-link";

export interface AccountLink {
  kind: AccountLinkKind;
  token: string;
}

const PATTERN = /^#\/(reset-password|verify-email|enroll-account|login-link)\/([A-Za-z0-9_-]{10,200})$/;

export function takeAccountLink(
  location: Location = window.location,
  history: History = window.history,
): AccountLink | null {
  const match = PATTERN.exec(location.hash);
  if (!match) return null;
  history.replaceState(history.state, "", location.pathname + location.search);
  return { kind: match[1] as AccountLinkKind, token: match[2] as string };
}
