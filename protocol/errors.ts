/**
 * Errors that may cross the wire. Only a `LiveError` thrown on purpose reaches
 * a client; anything else becomes `500 Internal server error` (Meteor's rule).
 */

/** Exact texts fixed by docs/protocol.md §7 and by Meteor's DDP (docs/meteor-compatibility.md). */
export const ERROR_TEXT = {
  ACCESS_DENIED: "Access denied",
  INTERNAL: "Internal server error",
  MATCH_FAILED: "Match failed",
  CONNECTION_TIMEOUT: "Connection timeout",
  TOO_MANY_REQUESTS: "too-many-requests",
  NOT_BY_ID: "Not permitted. Untrusted code may only update documents by ID.",
  PASSWORD_EMPTY: "Password may not be empty",
  SERVICE_NOT_CONFIGURED: "Service not configured",
  POPUP_BLOCKED: "The login popup was blocked by the browser",
  LOGIN_SERVICES_NOT_LOADED: "Login service configuration not yet loaded",
  NO_LOGIN_ATTEMPT: "No matching login attempt found",
} as const;

/** Top-level DDP `error` reasons. */
export const DDP_ERROR = {
  PARSE: "Parse error",
  BAD_REQUEST: "Bad request",
  MUST_CONNECT: "Must connect first",
  ALREADY_CONNECTED: "Already connected",
  MALFORMED_SUB: "Malformed subscription",
  MALFORMED_METHOD: "Malformed method invocation",
  TOO_LARGE: "Message too large",
} as const;
export type DdpErrorReason = (typeof DDP_ERROR)[keyof typeof DDP_ERROR];

/** The shape of an error on the wire (Meteor.Error as JSON). */
export interface WireError {
  isClientSafe: true;
  error: string | number;
  reason?: string;
  details?: unknown;
  message: string;
  errorType: "Meteor.Error";
}

function formatMessage(error: string | number, reason?: string): string {
  return reason ? `${reason} [${error}]` : `[${error}]`;
}

/** An error meant for the client, e.g. `new LiveError(403, "Access denied")`. */
export class LiveError extends Error {
  readonly error: string | number;
  readonly reason: string | undefined;
  readonly details: unknown;
  readonly isClientSafe = true;
  readonly errorType = "Meteor.Error";

  constructor(error: string | number, reason?: string, details?: unknown) {
    super(formatMessage(error, reason));
    this.name = "LiveError";
    this.error = error;
    this.reason = reason;
    this.details = details;
  }

  toWire(): WireError {
    const wire: WireError = {
      isClientSafe: true,
      error: this.error,
      message: this.message,
      errorType: "Meteor.Error",
    };
    if (this.reason !== undefined) wire.reason = this.reason;
    if (this.details !== undefined) wire.details = this.details;
    return wire;
  }
}

export function internalError(): LiveError {
  return new LiveError(500, ERROR_TEXT.INTERNAL);
}

/** Turns anything thrown into what a client may see. */
export function toWireError(thrown: unknown): WireError {
  return (thrown instanceof LiveError ? thrown : internalError()).toWire();
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

/** Reads a wire error back into a LiveError on the client. */
export function fromWireError(value: unknown): LiveError {
  if (!isRecord(value)) return internalError();
  const code = value.error;
  const error = typeof code === "string" || typeof code === "number" ? code : 500;
  const reason = typeof value.reason === "string" ? value.reason : undefined;
  return new LiveError(error, reason, value.details);
}
