/**
 * Runs the registry's connection hooks (see `ConnectionHooks`) so that one
 * failing feature neither stops the others nor the session: errors are
 * logged here and go no further.
 */
import type { ConnectionHooks, UserConnection } from "./registry";

export async function runJoined<H>(hooks: ConnectionHooks<H>[], host: H, connection: UserConnection): Promise<void> {
  const running: Promise<void>[] = [];
  // Every hook starts synchronously, before any of them is awaited: a wake
  // from hibernation announces all connections before any subscription re-runs.
  for (const hook of hooks) {
    try {
      const result = hook.joined?.(host, connection);
      if (result) running.push(result.catch((error: unknown) => console.error("live: joined hook failed", error)));
    } catch (error) {
      console.error("live: joined hook failed", error);
    }
  }
  await Promise.all(running);
}

export function runLeft<H>(hooks: ConnectionHooks<H>[], host: H, connection: UserConnection): void {
  for (const hook of hooks) {
    try {
      hook.left?.(host, connection);
    } catch (error) {
      console.error("live: left hook failed", error);
    }
  }
}
