import { type FormEvent, useState } from "react";
import { Link } from "wouter";
import { useAccounts, useLoginState, useUser } from "../accounts";
import { ErrorText } from "../components/ErrorText";
import { Header } from "../components/Header";
import { HomeSessionProvider } from "../components/SessionProvider";

export function AccountPage() {
  return (
    <HomeSessionProvider>
      <Header>Your account</Header>
      <main className="page narrow">
        <AccountSettings />
      </main>
    </HomeSessionProvider>
  );
}

function AccountSettings() {
  const { userId, loggingIn } = useLoginState();
  const user = useUser();
  if (!userId) {
    return loggingIn ? (
      <p className="muted">Signing in…</p>
    ) : (
      <p className="card">
        <Link href="/sign-in">Sign in</Link> to manage your account.
      </p>
    );
  }
  const email = user?.emails?.[0];
  return (
    <>
      {user && <DisplayName current={typeof user.profile?.name === "string" ? user.profile.name : ""} />}
      <section className="card" aria-labelledby="email-heading">
        <h2 id="email-heading">E-mail</h2>
        <p>
          {email?.address ?? "—"}{" "}
          {email &&
            (email.verified ? <span className="pill ok">confirmed</span> : <span className="pill">not confirmed</span>)}
        </p>
        {email && !email.verified && <ResendVerification />}
      </section>
      <ChangePassword />
      <OtherDevices />
    </>
  );
}

/** The name others in your rooms see instead of your e-mail address. */
function DisplayName({ current }: { current: string }) {
  const accounts = useAccounts();
  const [name, setName] = useState(current);
  const [state, setState] = useState<{ busy: boolean; saved: boolean; error: unknown }>({
    busy: false,
    saved: false,
    error: null,
  });
  async function save(event: FormEvent) {
    event.preventDefault();
    setState({ busy: true, saved: false, error: null });
    try {
      await accounts.setName(name);
      setState({ busy: false, saved: true, error: null });
    } catch (error) {
      setState({ busy: false, saved: false, error });
    }
  }
  return (
    <form className="card stacked-form" onSubmit={save} aria-labelledby="name-heading">
      <h2 id="name-heading">Your name</h2>
      <label htmlFor="display-name">Name others in your rooms see</label>
      <input
        id="display-name"
        value={name}
        autoComplete="name"
        placeholder="e.g. Sam Jones"
        onChange={(event) => {
          setName(event.target.value);
          setState((before) => ({ ...before, saved: false }));
        }}
      />
      <p className="muted hint">
        Shown beside your changes, in the room's header and on the team list. Leave it empty to show your e-mail
        address.
      </p>
      <ErrorText error={state.error} />
      <div className="form-actions">
        <button type="submit" disabled={state.busy || name.trim() === current.trim()}>
          {state.busy ? "Saving…" : "Save name"}
        </button>
        {state.saved && <span role="status">Saved</span>}
      </div>
    </form>
  );
}

/** Runs an action from a button, showing its outcome. */
function useAction(run: () => Promise<void>, doneText: string) {
  const [state, setState] = useState<{ busy: boolean; done: boolean; error: unknown }>({
    busy: false,
    done: false,
    error: null,
  });
  const start = async () => {
    setState({ busy: true, done: false, error: null });
    try {
      await run();
      setState({ busy: false, done: true, error: null });
    } catch (error) {
      setState({ busy: false, done: false, error });
    }
  };
  const feedback = (
    <>
      {state.done && <p role="status">{doneText}</p>}
      <ErrorText error={state.error} />
    </>
  );
  return { start, busy: state.busy, feedback };
}

function ResendVerification() {
  const accounts = useAccounts();
  const action = useAction(() => accounts.sendVerificationEmail(), "A new confirmation link is on its way.");
  return (
    <>
      <button type="button" className="secondary" disabled={action.busy} onClick={() => void action.start()}>
        Send the confirmation link again
      </button>
      {action.feedback}
    </>
  );
}

function OtherDevices() {
  const accounts = useAccounts();
  const action = useAction(
    () => accounts.logoutOtherClients(),
    "Every other device is signed out; this browser, all its tabs, stays signed in.",
  );
  return (
    <section className="card" aria-labelledby="devices-heading">
      <h2 id="devices-heading">Other devices</h2>
      <p className="muted">
        Signed in somewhere you should not be? This keeps only this browser (all its tabs) signed in.
      </p>
      <button type="button" className="secondary" disabled={action.busy} onClick={() => void action.start()}>
        Log out other devices
      </button>
      {action.feedback}
    </section>
  );
}

function ChangePassword() {
  const accounts = useAccounts();
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const action = useAction(async () => {
    await accounts.changePassword(current, next);
    setCurrent("");
    setNext("");
  }, "Password changed. Other devices were signed out.");

  function submit(event: FormEvent) {
    event.preventDefault();
    void action.start();
  }

  return (
    <form className="card stacked-form" onSubmit={submit} aria-labelledby="password-heading">
      <h2 id="password-heading">Change password</h2>
      <label htmlFor="current-password">Current password</label>
      <input
        id="current-password"
        type="password"
        autoComplete="current-password"
        required
        value={current}
        onChange={(e) => setCurrent(e.target.value)}
      />
      <label htmlFor="next-password">New password</label>
      <input
        id="next-password"
        type="password"
        autoComplete="new-password"
        minLength={8}
        required
        value={next}
        onChange={(e) => setNext(e.target.value)}
      />
      {action.feedback}
      <button type="submit" disabled={action.busy}>
        Change password
      </button>
    </form>
  );
}
