/**
 * Why signing in or up did not work, in words a person can act on. The
 * server keeps Meteor's reasons for every DDP client ("Something went
 * wrong. Please check your credentials.", "Email already exists.",
 * `too-many-requests`) and says which case it is in `details`.
 */
import { ERROR_TEXT, LiveError } from "../../protocol/errors";
import { errorMessage } from "../components/ErrorText";

export interface SignInProblem {
  text: string;
  /** The way in that always works from here: an e-mailed sign-in link. */
  offerLoginLink: boolean;
  /** An account exists for the address: sign in, or reset the password. */
  offerSignIn: boolean;
}

function minutes(ms: number): string {
  const count = Math.max(1, Math.ceil(ms / 60_000));
  return count === 1 ? "a minute" : `${count} minutes`;
}

export function signInProblem(error: unknown): SignInProblem {
  const plain = { offerLoginLink: false, offerSignIn: false };
  if (!(error instanceof LiveError)) return { ...plain, text: errorMessage(error) };
  const why = (error.details as { why?: unknown; timeToReset?: unknown } | undefined)?.why;
  if (error.error === ERROR_TEXT.TOO_MANY_REQUESTS) {
    const wait = (error.details as { timeToReset?: unknown } | undefined)?.timeToReset;
    const after = typeof wait === "number" ? ` in ${minutes(wait)}` : " later";
    return {
      ...plain,
      offerLoginLink: true,
      text: `Too many wrong passwords were tried (for this account, or from this network), so signing in with a password is paused. Try again${after}, or get in now with a sign-in link sent to your e-mail.`,
    };
  }
  if (why === "bad-credentials") {
    return {
      ...plain,
      offerLoginLink: true,
      text: "That e-mail and password do not match. Check them and try again, reset your password, or get a sign-in link by e-mail.",
    };
  }
  if (why === "email-taken") {
    return {
      ...plain,
      offerSignIn: true,
      text: "There is already an account for this e-mail. Sign in instead, or reset the password if you have forgotten it.",
    };
  }
  return { ...plain, text: errorMessage(error) };
}
