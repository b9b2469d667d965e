/**
 * Why an e-mailed link did not work, in plain words. The server keeps
 * Meteor's reasons ("Token expired") for every DDP client and says which
 * case it is in `details.why` (used, expired, unknown), which our app turns
 * into what a person can act on.
 */
import { LiveError } from "../../protocol/errors";
import { errorMessage } from "../components/ErrorText";

const TEXTS: Record<string, string> = {
  used: "This link was already used. If you set your password with it, sign in; otherwise ask for a new link.",
  expired: "This link has expired. Ask for a new one below.",
  unknown: "This link is not valid. Check that you opened the whole link from the e-mail, or ask for a new one.",
};

export function linkProblemText(error: unknown): string {
  if (error instanceof LiveError) {
    const why = (error.details as { why?: unknown } | undefined)?.why;
    if (typeof why === "string" && why in TEXTS) return TEXTS[why] as string;
  }
  return errorMessage(error);
}
