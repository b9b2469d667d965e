/**
 * Notes about the account under the header: why this device was signed out
 * (a password change or "log out other devices" elsewhere), and — until the
 * address is confirmed — a reminder with a way to send the link again.
 */
import { useState } from "react";
import { Link } from "wouter";
import { errorMessage } from "../components/ErrorText";
import { Button } from "../ui/Button";
import { useAccounts, useLoginState, useUser } from ".";

export function AccountNotices() {
  return (
    <>
      <SignedOutNotice />
      <VerifyEmailBanner />
    </>
  );
}

function SignedOutNotice() {
  const accounts = useAccounts();
  const { userId } = useLoginState();
  const reason = accounts.signedOutReason();
  if (!reason || userId) return null;
  return (
    <div className="notice-bar notice-warn" role="status" data-testid="signed-out-notice">
      <p>
        {reason} <Link href="/sign-in">Sign in</Link>
      </p>
      <Button variant="ghost" size="sm" onClick={() => accounts.dismissSignedOutReason()}>
        Dismiss
      </Button>
    </div>
  );
}

function VerifyEmailBanner() {
  const accounts = useAccounts();
  const user = useUser();
  const [sent, setSent] = useState<"idle" | "sending" | "sent" | string>("idle");
  const email = user?.emails?.[0];
  if (!email || email.verified) return null;
  async function resend() {
    setSent("sending");
    try {
      await accounts.sendVerificationEmail();
      setSent("sent");
    } catch (caught) {
      setSent(errorMessage(caught));
    }
  }
  return (
    <section className="notice-bar notice-info" aria-label="Confirm your e-mail" data-testid="verify-banner">
      <p>
        Confirm your e-mail address: we sent a link to <strong>{email.address}</strong>.{" "}
        {sent === "sent" && <output>Sent again — check your inbox.</output>}
        {sent !== "idle" && sent !== "sending" && sent !== "sent" && (
          <span className="error" role="alert">
            {sent}
          </span>
        )}
      </p>
      <Button variant="secondary" size="sm" disabled={sent === "sending"} onClick={() => void resend()}>
        {sent === "sending" ? "Sending…" : "Resend"}
      </Button>
    </section>
  );
}
