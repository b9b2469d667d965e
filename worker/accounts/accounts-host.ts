import type { Database } from "../db/database";
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
  now(): number;
}
