/** Shared constants (docs/protocol.md §8). Times are in milliseconds. */

export const DDP_VERSION = "1";
/** Versions this implementation speaks, most preferred first. */
export const SUPPORTED_DDP_VERSIONS: readonly string[] = ["1"];

export const CLIENT_HEARTBEAT_INTERVAL = 17_500;
export const CLIENT_HEARTBEAT_TIMEOUT = 15_000;
export const SERVER_HEARTBEAT_INTERVAL = 15_000;
export const SERVER_HEARTBEAT_TIMEOUT = 15_000;
export const TRANSPORT_SILENCE_TIMEOUT = 100_000;
export const CONNECT_TIMEOUT = 10_000;

export const RETRY_BASE = 1_000;
export const RETRY_EXPONENT = 2.2;
export const RETRY_MAX = 5 * 60_000;
export const RETRY_FUZZ = 0.5;
/** The first retries are almost immediate (Meteor's `minCount`/`minTimeout`). */
export const RETRY_MIN_COUNT = 2;
export const RETRY_MIN_TIMEOUT = 10;

export const WRITE_BUFFER_INTERVAL = 5;
export const WRITE_BUFFER_MAX_AGE = 500;

export const LOGIN_TOKEN_LIFETIME = 90 * 24 * 3600_000;
export const RESET_TOKEN_LIFETIME = 3 * 24 * 3600_000;
export const ENROLL_TOKEN_LIFETIME = 30 * 24 * 3600_000;
/** "E-mail me a sign-in link": the link works once, for this long. */
export const LOGIN_LINK_LIFETIME = 15 * 60_000;
/** A finished OAuth sign-in waits this long for the browser to log in with it. */
export const OAUTH_CREDENTIAL_LIFETIME = 60_000;
/** How long a started OAuth sign-in may take at the provider. */
export const OAUTH_STATE_LIFETIME = 10 * 60_000;
export const LOGIN_TOKEN_POLL_INTERVAL = 3_000;

/**
 * Password guessing across connections (docs/protocol.md §8): failed password checks
 * counted per account and per client address in fixed 15-minute windows,
 * wherever they come from; past the limit, `too-many-requests` until the
 * window ends. A device that has signed in to the account before has a
 * count of its own, of the same size (it never reaches the account's).
 */
export const LOGIN_FAILURE_WINDOW = 15 * 60_000;
export const LOGIN_FAILURES_PER_ACCOUNT = 10;
export const LOGIN_FAILURES_PER_ADDRESS = 30;

/**
 * Call budgets, which Meteor does not have, so one flood cannot take a room's
 * capacity from everyone else (docs/protocol.md §8): per connection and per user, in
 * fixed windows of CALL_BUDGET_WINDOW ms; past them `too-many-requests`.
 * Upload chunks are bounded by the upload window instead and not counted.
 * Our client paces itself under the per-connection budget, so a phone back
 * from hours offline with a thousand waiting edits is never refused.
 */
export const CALLS_PER_CONNECTION = 150;
export const CALLS_PER_USER = 300;
export const CALL_BUDGET_WINDOW = 10_000;
export const UNCOUNTED_CALLS: readonly string[] = ["files.write", "files.status"];

export const FILE_CHUNK_SIZE = 524_288;

/**
 * Largest document an update may build, as EJSON text (MongoDB's limit is
 * 16 MB; ours is smaller because every change is sent to every subscriber
 * and a room's documents share one Durable Object's memory).
 */
export const MAX_DOCUMENT_BYTES = 1024 * 1024;

/** Largest text frame the server will parse; bigger ones get a DDP error. */
export const MAX_FRAME_BYTES = 4 * 1024 * 1024;

/**
 * The exact ping frame the runtime answers without waking a hibernated
 * Durable Object (`setWebSocketAutoResponse`). The client sends pings in
 * exactly this form so idle connections cost nothing.
 */
export const AUTO_PING_FRAME = '{"msg":"ping"}';
export const AUTO_PONG_FRAME = '{"msg":"pong"}';

/** How many HomeDO shards serve `/api/websocket`. */
export const HOME_SHARDS = 16;

/**
 * A batching server (connect `batch: true`) closes a frame once it holds
 * this many characters: big enough that a subscription of thousands of
 * documents goes in a few dozen frames, small enough to stay far below
 * WebSocket message limits and to let the client start applying early.
 */
export const BATCH_FRAME_CHARS = 128 * 1024;
