import type { Database } from "../db/directory/database";
import type { Change } from "../live/types";

/** Which live object a connection is on (for closing connections by token). */
export interface LiveObjectRef {
  kind: "room" | "home";
  name: string;
}

/** What accounts need from any live object's host: every DO serves them. */
export interface AccountsHost {
  db: Database;
  env: Env;
  object: LiveObjectRef;
  emit(change: Change): void;
  /** Closes this object's own connections using these tokens (no RPC to self). */
  closeTokenConnections(tokenHashes: string[]): Promise<number>;
  /** Whether any connection on this object is logged in as the user. */
  hasUserConnections(userId: string): boolean;
  now(): number;
  /**
   * Work that must not hold up the caller's answer, such as sending e-mail
   * (so an answer takes as long whether or not a message goes out). Kept
   * alive after the answer; a failure is logged, never sent to the caller.
   */
  background(what: string, task: () => Promise<unknown>): void;
  /** A room's: shows a member's new name or details to its open connections (homes have no members). */
  memberChanged?(userId: string): Promise<void>;
}
