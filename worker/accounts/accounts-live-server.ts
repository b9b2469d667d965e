/**
 * A live object that serves accounts (every one does: rooms and homes): the
 * RPC entry points other objects call when a user's tokens or document
 * change. Either can wake the object cold (without onStart); then it holds
 * nothing in memory to update.
 */
import { LiveServer } from "../live/live-server";
import type { SessionState } from "../live/session-state";
import type { AccountsHost } from "./accounts-host";
import { refreshUserDoc } from "./current-user";
import { forgetLoginTokens, recheckTokensInUse } from "./login-tokens";

export abstract class AccountsLiveServer<H extends AccountsHost> extends LiveServer<H> {
  /** Closes the connections using these tokens, which are no longer resumable here (RPC from the object that removed them). */
  override closeTokenConnections(tokenHashes: string[]): Promise<number> {
    const host = this.startedHost;
    if (host) forgetLoginTokens(host, tokenHashes);
    return super.closeTokenConnections(tokenHashes);
  }

  /** The heartbeat, and now and then a check that the tokens of this object's connections still exist. */
  override async onAlarm(): Promise<void> {
    await super.onAlarm();
    const host = this.startedHost;
    if (!host) return;
    const inUse = () => {
      const hashes: string[] = [];
      for (const connection of this.getConnections<SessionState>()) {
        const hash = connection.state?.loginTokenHash;
        if (hash) hashes.push(hash);
      }
      return hashes;
    };
    await recheckTokensInUse(host, inUse).catch((error: unknown) =>
      console.error("accounts: could not re-check the tokens in use", error),
    );
  }

  /**
   * Re-reads a user's document for their connections here (RPC from the
   * object that changed it). Not started since it woke: its connections'
   * subscriptions were not running, and re-run when they next speak.
   */
  refreshUserDoc(userId: string): Promise<void> {
    const host = this.startedHost;
    return host ? refreshUserDoc(host, userId) : Promise.resolve();
  }
}
