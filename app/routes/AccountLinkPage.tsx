import { useEffect, useState } from "react";
import { Link, useLocation } from "wouter";
import { type AccountLink, useAccounts } from "../accounts";
import { errorMessage } from "../components/ErrorText";
import { Header } from "../components/Header";
import { PasswordForm } from "../components/PasswordForm";
import { HomeSessionProvider } from "../components/SessionProvider";

const TITLES = {
  "verify-email": "Confirm your e-mail",
  "reset-password": "Choose a new password",
  "enroll-account": "Set your password",
};

/** The screen an account e-mail's link opens. */
export function AccountLinkPage({ link, onDone }: { link: AccountLink; onDone(): void }) {
  return (
    <HomeSessionProvider>
      <Header>{TITLES[link.kind]}</Header>
      <main className="page narrow">
        {link.kind === "verify-email" ? (
          <VerifyEmail token={link.token} onDone={onDone} />
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
      (error: unknown) => setOutcome(errorMessage(error)),
    );
  }, [accounts, token]);
  if (outcome === "working") return <p className="muted">Confirming your address…</p>;
  return (
    <div className="card" role={outcome === "done" ? "status" : "alert"}>
      <p>{outcome === "done" ? "Thank you — your e-mail address is confirmed." : outcome}</p>
      <button type="button" onClick={onDone}>
        Go to your rooms
      </button>
    </div>
  );
}

function SetPassword({ link, onDone }: { link: AccountLink; onDone(): void }) {
  const accounts = useAccounts();
  const [, navigate] = useLocation();
  return (
    <>
      <PasswordForm
        label={link.kind === "enroll-account" ? "Set password and continue" : "Save new password"}
        onSubmit={async (password) => {
          await accounts.resetPassword(link.token, password);
          navigate("/");
          onDone();
        }}
      />
      <p className="muted">
        Link not working?{" "}
        <Link href="/forgot-password" onClick={onDone}>
          Ask for a new one
        </Link>
        .
      </p>
    </>
  );
}
