import { type FormEvent, useState } from "react";
import { Link, useLocation, useSearch } from "wouter";
import { useAccounts } from "../accounts";
import { OAuthButtons } from "../accounts/OAuthButtons";
import { ErrorText } from "../components/ErrorText";
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
  const signUp = mode === "sign-up";

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
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
      <ErrorText error={error} />
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
          </>
        )}
      </p>
    </form>
  );
}
