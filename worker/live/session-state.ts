/** What a session keeps across hibernation, and what it needs from its Durable Object. */
import type { ChangeHub } from "./change-hub";
import type { LiveStorage } from "./live-storage";
import type { ObservationPool } from "./observation";
import type { LiveRegistry } from "./registry";

/** Kept in the socket attachment: small (≤ 16 KiB with partyserver's own). */
export interface SessionState {
  sessionId: string | null;
  /** SHA-256 of the login token in use, so removing the token can close us. */
  loginTokenHash?: string | null;
  /** The client resumed an earlier session: its method results may be cached. */
  resumed?: boolean;
  userId: string | null;
  /** When the connection logged in as `userId` (for connection hooks, e.g. presence). */
  loggedInAt?: number | null;
  clientAddress: string | null;
  /** The client reads frames holding an array of messages (connect `batch`). */
  batch?: boolean;
  origin?: string | null;
  /** When the socket opened; the heartbeat's floor for "last seen" after a wake. */
  connectedAt?: number;
  /** When the server pinged and is waiting for any answer (survives hibernation). */
  pingSentAt?: number | null;
}

export interface SessionEnvironment<H> {
  registry: LiveRegistry<H>;
  hub: ChangeHub;
  /** The object's observed queries, shared by its subscriptions. */
  observations: ObservationPool;
  storage: LiveStorage;
  host: H;
  now(): number;
  send(frame: string): void;
  close(code: number, reason: string): void;
  saveState(state: SessionState): void;
  /** Takes over `sessionId` if this object knows it; false if unknown. */
  adoptSession(sessionId: string): boolean;
  /** What the object has still to finish before it serves everything (opening-gate.ts), or null once open. */
  opening(): Promise<void> | null;
  /** Methods still running, by `${session}:${id}`, shared by all sessions. */
  inflight: Map<string, Promise<string[]>>;
}
