import { type FormEvent, useState } from "react";
import { useAccounts } from "../accounts";
import { ErrorText } from "../components/ErrorText";
import { Header } from "../components/Header";
import { HomeSessionProvider } from "../components/SessionProvider";

export function ForgotPasswordPage() {
  return (
    <HomeSessionProvider>
      <Header>Forgot your password?</Header>
      <main className="page narrow">
        <ForgotPasswordForm />
      </main>
    </HomeSessionProvider>
  );
}

function ForgotPasswordForm() {
  const accounts = useAccounts();
  const [email, setEmail] = useState("");
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<unknown>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      await accounts.forgotPassword(email);
      setSent(true);
    } catch (caught) {
      setError(caught);
    }
  }

  if (sent) {
    return (
      <p className="card" role="status">
        If there is an account for {email}, a link to choose a new password is on its way. It works for 3 days.
      </p>
    );
  }
  return (
    <form className="card stacked-form" onSubmit={submit} aria-label="Reset password">
      <label htmlFor="email">E-mail</label>
      <input
        id="email"
        type="email"
        autoComplete="email"
        required
        value={email}
        onChange={(e) => setEmail(e.target.value)}
      />
      <ErrorText error={error} />
      <button type="submit">Send me a link</button>
    </form>
  );
}
