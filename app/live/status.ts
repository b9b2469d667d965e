/**
 * The connection status reported to the UI (docs/protocol.md §1). The object is replaced,
 * never mutated, so `useSyncExternalStore` can compare snapshots by identity.
 */

export type ConnectionState = "connecting" | "connected" | "waiting" | "failed" | "offline";

export interface LiveStatus {
  readonly status: ConnectionState;
  /** True only while a socket is open. */
  readonly connected: boolean;
  /** Attempts made since the socket was last open; reset when one opens. */
  readonly retryCount: number;
  /** When `waiting`: the time (ms since the epoch) of the next attempt. */
  readonly retryTime?: number;
  /** Why the last connection ended, or why it `failed`. */
  readonly reason?: string;
}

export type StatusListener = (status: LiveStatus) => void;

function sameStatus(a: LiveStatus, b: LiveStatus): boolean {
  return (
    a.status === b.status &&
    a.connected === b.connected &&
    a.retryCount === b.retryCount &&
    a.retryTime === b.retryTime &&
    a.reason === b.reason
  );
}

/** Holds the current status and tells listeners when it really changes. */
export class StatusHolder {
  private current: LiveStatus;
  private readonly listeners = new Set<StatusListener>();

  constructor(initial: LiveStatus = { status: "connecting", connected: false, retryCount: 0 }) {
    this.current = Object.freeze({ ...initial });
  }

  get(): LiveStatus {
    return this.current;
  }

  set(next: LiveStatus): void {
    if (sameStatus(this.current, next)) return;
    this.current = Object.freeze({ ...next });
    // Copy first: a listener may unsubscribe itself while we iterate.
    for (const listener of [...this.listeners]) listener(this.current);
  }

  /** Returns a function that removes the listener. */
  onChange(listener: StatusListener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }
}
