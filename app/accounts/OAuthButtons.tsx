import { useEffect, useState } from "react";
import { useLocation, useSearch } from "wouter";
import type { OAuthService } from "../../protocol/api";
import { ERROR_TEXT, LiveError } from "../../protocol/errors";
import { ErrorText } from "../components/ErrorText";
import { nextPath } from "../next-path";
import { useAccounts, useLoginServices, useLoginState } from ".";

const LABEL: Record<OAuthService, string> = { google: "Continue with Google", facebook: "Continue with Facebook" };

/**
 * "Continue with Google / Facebook" for the services the server has
 * configured (none are shown until it has said which). A blocked popup
 * offers to continue in this tab instead.
 */
export function OAuthButtons() {
  const accounts = useAccounts();
  const services = useLoginServices();
  const { loginError, userId } = useLoginState();
  const [location, navigate] = useLocation();
  // `returnTo` keeps `?next=` through a redirect-style sign-in, so a join link still joins.
  const search = useSearch();
  const after = nextPath(search);
  const [busy, setBusy] = useState<OAuthService | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [blocked, setBlocked] = useState<OAuthService | null>(null);

  // A redirect-style sign-in comes back to this page and finishes here.
  useEffect(() => {
    if (userId) navigate(after);
  }, [userId, navigate, after]);

  if (!services || services.length === 0) return null;

  async function signIn(service: OAuthService, style?: "redirect") {
    setBusy(service);
    setError(null);
    setBlocked(null);
    try {
      if (await accounts.loginWithOAuth(service, { style, returnTo: search ? `${location}?${search}` : location })) {
        navigate(after);
      }
    } catch (caught) {
      setError(caught);
      if (caught instanceof LiveError && caught.reason === ERROR_TEXT.POPUP_BLOCKED) setBlocked(service);
    } finally {
      setBusy(null);
    }
  }

  return (
    <section className="card oauth-buttons" aria-label="Other ways to sign in">
      {services.map(({ service }) => (
        <button
          key={service}
          type="button"
          className={`secondary oauth-${service}`}
          disabled={busy !== null}
          onClick={() => void signIn(service)}
        >
          {busy === service ? "Waiting for the sign-in window…" : LABEL[service]}
        </button>
      ))}
      <ErrorText error={error ?? (loginError ? new LiveError(403, loginError) : null)} />
      {blocked && (
        <button type="button" className="link-button" onClick={() => void signIn(blocked, "redirect")}>
          Continue in this tab instead
        </button>
      )}
    </section>
  );
}
