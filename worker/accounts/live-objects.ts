/**
 * Reaching the live objects a user's connections are on. Each login records
 * the object it happened on (its token's place); removing a token, or
 * changing the user's document, calls those objects.
 */
import type { AccountsHost, LiveObjectRef } from "./accounts-host";

type LiveObjectStub = ReturnType<Env["ROOM"]["getByName"]> | ReturnType<Env["HOME"]["getByName"]>;

/**
 * Calls `remote` on each object named in `places` once (this object itself
 * through `self`, without RPC). An object that cannot be reached is logged
 * and skipped: its connections find out at their next login.
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
      try {
        return await calls.remote(namespace.getByName(name));
      } catch (error) {
        console.error(`accounts: could not ${what} on ${kind} ${name}`, error);
        return null;
      }
    }),
  );
}
