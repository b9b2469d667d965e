/**
 * Reaching the live objects a user's connections are on. Each login records
 * the object it happened on (its token's place); removing a token, or
 * changing the user's document, calls those objects.
 */
import type { AccountsHost, LiveObjectRef } from "./accounts-host";

type LiveObjectStub = ReturnType<Env["ROOM"]["getByName"]> | ReturnType<Env["HOME"]["getByName"]>;

/**
 * Waits before each try again: an object that could not be reached is most
 * often one being restarted or moved, reachable a moment later. A fresh stub
 * each time, as a stub that threw may be broken for good.
 */
export const RETRY_DELAYS_MS = [50, 250, 1_000];

/**
 * Calls `remote` on each object named in `places` once (this object itself
 * through `self`, without RPC), so what it tells them (a token removed, a
 * role changed) holds there before the caller hears back. An object still
 * unreachable after the retries is logged and skipped: its connections find
 * out at their next login, or when it next re-checks their tokens
 * (login-tokens.ts).
 */
export async function callLiveObjects<T>(
  host: AccountsHost,
  places: { objectKind: string; objectName: string }[],
  what: string,
  calls: { self: () => Promise<T>; remote: (stub: LiveObjectStub) => Promise<T> },
): Promise<(T | null)[]> {
  const objects = new Map<string, LiveObjectRef>();
  for (const place of places) {
    const kind = place.objectKind === "room" ? "room" : "home";
    objects.set(`${kind}:${place.objectName}`, { kind, name: place.objectName });
  }
  return Promise.all(
    [...objects.values()].map(async ({ kind, name }) => {
      if (kind === host.object.kind && name === host.object.name) return calls.self();
      const namespace = kind === "room" ? host.env.ROOM : host.env.HOME;
      for (let attempt = 0; ; attempt++) {
        try {
          return await calls.remote(namespace.getByName(name));
        } catch (error) {
          // Only what the runtime says may pass (a reset, a move); never an overloaded object, nor our own error.
          const transient = (error as { retryable?: boolean; overloaded?: boolean } | null) ?? {};
          const delay = transient.retryable && !transient.overloaded ? RETRY_DELAYS_MS[attempt] : undefined;
          if (delay === undefined) {
            console.error(`accounts: could not ${what} on ${kind} ${name}`, error);
            return null;
          }
          await new Promise((resolve) => setTimeout(resolve, delay));
        }
      }
    }),
  );
}
