/**
 * The screen an account e-mail's link opens: confirm an address, or set a
 * password (reset, or an invitation to a room). An invitation names the
 * room and who sent it, and setting the password opens that room. A link
 * that was used or has expired says so in plain words.
 */
import { useEffect, useState } from "react";
import { Link, useLocation } from "wouter";
import type { AccountLinkInfo } from "../../protocol/docs";
import { LiveError } from "../../protocol/errors";
import { type AccountLink, useAccounts } from "../accounts";
import { linkProblemText } from "../accounts/link-problem";
import { PasswordForm } from "../accounts/PasswordForm";
import { Header } from "../components/Header";
import { HomeSessionProvider } from "../components/SessionProvider";
import { useDocumentTitle } from "../ui/use-document-title";

const TITLES = {
  "verify-email": "Confirm your e-mail",
  "reset-password": "Choose a new password",
  "enroll-account": "Join your team",
  "login-link": "Sign in with your link",
};

export function AccountLinkPage({ link, onDone }: { link: AccountLink; onDone(): void }) {
  useDocumentTitle(TITLES[link.kind]);
  return (
    <HomeSessionProvider>
      <Header>{TITLES[link.kind]}</Header>
      <main className="page narrow">
        {link.kind === "verify-email" ? (
          <VerifyEmail token={link.token} onDone={onDone} />
        ) : link.kind === "login-link" ? (
          <LoginLink token={link.token} onDone={onDone} />
        ) : (
          <SetPassword link={link} onDone={onDone} />
        )}
      </main>
    </HomeSessionProvider>
  );
}

function VerifyEmail({ token, onDone }: { token: string; onDone(): void }) {
  const accounts = useAccounts();
  const [outcome, setOutcome] = useState<"working" | "done" | string>("working");
  useEffect(() => {
    accounts.verifyEmail(token).then(
      () => setOutcome("done"),
      (error: unknown) => setOutcome(linkProblemText(error)),
    );
  }, [accounts, token]);
  if (outcome === "working") return <p className="muted">Confirming your address…</p>;
  return (
    <div className="card" role={outcome === "done" ? "status" : "alert"}>
      <p>{outcome === "done" ? "Thank you — your e-mail address is confirmed." : outcome}</p>
      <button type="button" className="ui-button ui-button-primary" onClick={onDone}>
        Go to your rooms
      </button>
    </div>
  );
}

/**
 * An e-mailed sign-in link: signs in when the person presses the button (not
 * on opening: a mail scanner that opens links must not spend it), then goes
 * to the rooms; a used or expired one says so.
 */
function LoginLink({ token, onDone }: { token: string; onDone(): void }) {
  const accounts = useAccounts();
  const [, navigate] = useLocation();
  const [state, setState] = useState<"ready" | "working" | string>("ready");
  async function signIn() {
    setState("working");
    try {
      await accounts.loginWithLink(token);
      navigate("/");
      onDone();
    } catch (error) {
      setState(linkProblemText(error));
    }
  }
  if (state === "ready" || state === "working") {
    return (
      <div className="card">
        <p>This link signs you in to Stockroom once, within 15 minutes of asking for it.</p>
        <button
          type="button"
          className="ui-button ui-button-primary"
          disabled={state === "working"}
          onClick={() => void signIn()}
        >
          {state === "working" ? "Signing you in…" : "Sign in"}
        </button>
      </div>
    );
  }
  return (
    <div className="card" role="alert" data-testid="link-problem">
      <p>{state}</p>
      <p>
        <Link href="/sign-in" onClick={onDone}>
          Back to sign in
        </Link>
      </p>
    </div>
  );
}

type Info = { state: "loading" } | { state: "ready"; info: AccountLinkInfo } | { state: "broken"; text: string };

function SetPassword({ link, onDone }: { link: AccountLink; onDone(): void }) {
  const accounts = useAccounts();
  const [location, navigate] = useLocation();
  const [info, setInfo] = useState<Info>({ state: "loading" });
  useEffect(() => {
    let cancelled = false;
    accounts.linkInfo(link.token).then(
      (answer) => !cancelled && setInfo({ state: "ready", info: answer }),
      (error: unknown) => !cancelled && setInfo({ state: "broken", text: linkProblemText(error) }),
    );
    return () => {
      cancelled = true;
    };
  }, [accounts, link.token]);

  if (info.state === "loading") return <p className="muted">Opening your link…</p>;
  if (info.state === "broken") {
    return (
      <div className="card" role="alert" data-testid="link-problem">
        <p>{info.text}</p>
        <p>
          <Link href="/sign-in" onClick={onDone}>
            Sign in
          </Link>{" "}
          ·{" "}
          <Link href="/forgot-password" onClick={onDone}>
            Ask for a new link
          </Link>
        </p>
      </div>
    );
  }
  const { room, invitedBy, email } = info.info;
  // An invitation's link points at its room: that is where the person lands.
  const destination = room ? `/rooms/${room.id}` : location.startsWith("/rooms/") ? location : "/";
  return (
    <>
      {room ? (
        <section className="card" aria-labelledby="invite-heading">
          <h1 id="invite-heading">
            {invitedBy ?? "Your team"} invited you to {room.name}
          </h1>
          <p className="muted">
            Choose a password for <strong>{email}</strong> to join. You will land in the room right after.
          </p>
        </section>
      ) : (
        <p className="muted">
          Choose a new password for <strong>{email}</strong>.
        </p>
      )}
      <PasswordForm
        label={link.kind === "enroll-account" ? "Set password and continue" : "Save new password"}
        onSubmit={async (password) => {
          try {
            await accounts.resetPassword(link.token, password);
          } catch (error) {
            // Shown by the form in plain words (a used or expired link says which).
            throw new LiveError(403, linkProblemText(error));
          }
          navigate(destination);
          onDone();
        }}
      />
    </>
  );
}
