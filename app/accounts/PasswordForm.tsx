import { type FormEvent, useState } from "react";
import { ErrorText } from "../components/ErrorText";

/** A new password, typed twice; calls `onSubmit` with it. */
export function PasswordForm({ label, onSubmit }: { label: string; onSubmit(password: string): Promise<void> }) {
  const [password, setPassword] = useState("");
  const [again, setAgain] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [mismatch, setMismatch] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setMismatch(password !== again);
    if (password !== again) return;
    setBusy(true);
    setError(null);
    try {
      await onSubmit(password);
    } catch (caught) {
      setError(caught);
      setBusy(false);
    }
  }

  return (
    <form className="card stacked-form" onSubmit={submit} aria-label={label}>
      <label htmlFor="new-password">New password</label>
      <input
        id="new-password"
        type="password"
        autoComplete="new-password"
        minLength={8}
        required
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <label htmlFor="new-password-again">New password, again</label>
      <input
        id="new-password-again"
        type="password"
        autoComplete="new-password"
        minLength={8}
        required
        value={again}
        onChange={(e) => setAgain(e.target.value)}
      />
      {mismatch && (
        <p className="error" role="alert">
          The two passwords are not the same.
        </p>
      )}
      <ErrorText error={error} />
      <button type="submit" disabled={busy}>
        {busy ? "Saving…" : label}
      </button>
    </form>
  );
}
