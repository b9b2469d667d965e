/**
 * A total typed over one that changed meanwhile (docs/stock.md): the edit
 * says what total the person saw, and the server records the difference
 * from it, not the total — two people correcting one count at once both
 * count. When that happened, the answer says so, and so does the screen.
 */
import type { QuantityMeanwhile } from "../../protocol/docs";
import { signedUnits } from "../stock/signed-units";

/** `patch` with the total the person saw when it sets a quantity (`seen` is the field's text then). */
export function withSeenQuantity<P extends { quantity?: number }>(
  patch: P,
  seen: string,
): P & { quantityWas?: number } {
  const was = Number(seen);
  return patch.quantity !== undefined && Number.isInteger(was) && was >= 0 ? { ...patch, quantityWas: was } : patch;
}

/** What an edit's answer says when the count had changed meanwhile, in words; null when it had not. */
export function meanwhileText(answer: unknown, nameOf: (userId: string) => string): string | null {
  if (!answer || typeof answer !== "object" || !("found" in answer)) return null;
  const { was, typed, found, by, now } = answer as QuantityMeanwhile;
  return `${nameOf(by)} changed this to ${found.toLocaleString()} while you were typing: your ${signedUnits(typed - was)} was recorded, so it is now ${now.toLocaleString()}.`;
}
