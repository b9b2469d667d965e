import { type FormEvent, useRef, useState } from "react";
import { Link, useLocation, useSearch } from "wouter";
import { LiveError } from "../../protocol/errors";
import { useAccounts } from "../accounts";
import { OAuthButtons } from "../accounts/OAuthButtons";
import { signInProblem } from "../accounts/sign-in-problem";
import { Header } from "../components/Header";
import { HomeSessionProvider } from "../components/SessionProvider";
import { nextPath } from "../next-path";
import { useDocumentTitle } from "../ui/use-document-title";

type Mode = "sign-in" | "sign-up";

/** Sign in, or create an account, with e-mail and password or a configured OAuth service. */
export function SignInPage({ mode }: { mode: Mode }) {
  useDocumentTitle(mode === "sign-in" ? "Sign in" : "Create your account");
  return (
    <HomeSessionProvider>
      <Header>{mode === "sign-in" ? "Sign in" : "Create your account"}</Header>
      <main className="page narrow">
        <CredentialsForm key={mode} mode={mode} />
        <OAuthButtons />
      </main>
    </HomeSessionProvider>
  );
}

function CredentialsForm({ mode }: { mode: Mode }) {
  const accounts = useAccounts();
  const [, navigate] = useLocation();
  const search = useSearch();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [linkSentTo, setLinkSentTo] = useState<string | null>(null);
  // A second press while the first is on its way sends no second e-mail.
  const sendingLink = useRef(false);
  const signUp = mode === "sign-up";
  const problem = error ? signInProblem(error) : null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setLinkSentTo(null);
    try {
      if (signUp) await accounts.createUser(email, password);
      else await accounts.loginWithPassword(email, password);
      const next = nextPath(search);
      // A new account first hears where its confirmation link went (unless it is on its way somewhere).
      navigate(signUp && next === "/" ? "/?welcome=1" : next);
    } catch (caught) {
      setError(caught);
      setBusy(false);
    }
  }

  /** The way in that no number of wrong passwords tried by others can block. */
  async function sendLoginLink() {
    if (sendingLink.current) return;
    setError(null);
    setLinkSentTo(null);
    const address = email.trim();
    if (!address) return setError(new LiveError(400, "Type your e-mail address above first."));
    sendingLink.current = true;
    try {
      await accounts.sendLoginLink(address);
      setLinkSentTo(address);
    } catch (caught) {
      setError(caught);
    } finally {
      sendingLink.current = false;
    }
  }

  return (
    <form className="card stacked-form" onSubmit={submit} aria-label={signUp ? "Create account" : "Sign in"}>
      <label htmlFor="email">E-mail</label>
      <input
        id="email"
        type="email"
        autoComplete="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        required
      />
      <label htmlFor="password">Password</label>
      <input
        id="password"
        type="password"
        autoComplete={signUp ? "new-password" : "current-password"}
        minLength={signUp ? 8 : undefined}
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        required
      />
      {signUp && <p className="muted hint">At least 8 characters.</p>}
      {problem && (
        <div className="error" role="alert">
          <p>{problem.text}</p>
          {problem.offerLoginLink && !signUp && (
            <button type="button" className="ui-button ui-button-secondary" onClick={sendLoginLink}>
              E-mail me a sign-in link
            </button>
          )}
          {problem.offerSignIn && (
            <p>
              <Link href={`/sign-in${search ? `?${search}` : ""}`}>Sign in</Link> ·{" "}
              <Link href="/forgot-password">Reset password</Link>
            </p>
          )}
        </div>
      )}
      {linkSentTo && (
        <p className="notice-ok" role="status">
          If there is an account for {linkSentTo}, a sign-in link is on its way to it. The link works once, for 15
          minutes.
        </p>
      )}
      <button type="submit" disabled={busy}>
        {busy ? "One moment…" : signUp ? "Create account" : "Sign in"}
      </button>
      <p className="muted">
        {signUp ? (
          <>
            Already have an account? <Link href={`/sign-in${search ? `?${search}` : ""}`}>Sign in</Link>
          </>
        ) : (
          <>
            New here? <Link href={`/sign-up${search ? `?${search}` : ""}`}>Create an account</Link> ·{" "}
            <Link href="/forgot-password">Forgot password?</Link>
            {!problem?.offerLoginLink && (
              <>
                {" · "}
                <button type="button" className="link-button" onClick={sendLoginLink}>
                  E-mail me a sign-in link
                </button>
              </>
            )}
          </>
        )}
      </p>
    </form>
  );
}
