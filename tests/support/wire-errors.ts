/** Errors as the server puts them on the wire, for client tests. */
import type { WireError } from "../../protocol/errors";

export function tooManyRequestsWire(timeToReset: number): WireError {
  const reason = "Error, too many requests. Please slow down.";
  return {
    isClientSafe: true,
    error: "too-many-requests",
    reason,
    details: { timeToReset },
    message: `${reason} [too-many-requests]`,
    errorType: "Meteor.Error",
  };
}
