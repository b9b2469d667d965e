/**
 * Telling the objects a user is connected to (a token removed, a role
 * changed): an object that cannot be reached at first is tried again, so
 * the change holds there before the caller hears back.
 */
import { describe, expect, it, vi } from "vitest";
import type { AccountsHost } from "../../worker/accounts/accounts-host";
import { callLiveObjects } from "../../worker/accounts/live-objects";

function hostWith(failures: number) {
  const reached: string[] = [];
  let left = failures;
  const stubFor = (name: string) => ({
    closeTokenConnections: async () => {
      if (left-- > 0)
        throw Object.assign(new Error("Durable Object reset because its code was updated"), { retryable: true });
      reached.push(name);
      return 1;
    },
  });
  const host = {
    object: { kind: "home", name: "me" },
    env: { ROOM: { getByName: stubFor }, HOME: { getByName: stubFor } },
  } as unknown as AccountsHost;
  return { host, reached };
}

const closeIn = (host: AccountsHost) =>
  callLiveObjects(host, [{ objectKind: "room", objectName: "shop" }], "close connections", {
    self: async () => 0,
    remote: (stub) => (stub as unknown as { closeTokenConnections(): Promise<number> }).closeTokenConnections(),
  });

describe("reaching the objects a user is connected to", () => {
  it("does not try again what the runtime says will not pass (an overloaded object)", async () => {
    const overloaded = Object.assign(new Error("Durable Object is overloaded"), { retryable: true, overloaded: true });
    let calls = 0;
    const host = {
      object: { kind: "home", name: "me" },
      env: {
        ROOM: {
          getByName: () => ({
            closeTokenConnections: async () => {
              calls++;
              throw overloaded;
            },
          }),
        },
      },
    } as unknown as AccountsHost;
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(await closeIn(host)).toEqual([null]);
    expect(calls).toBe(1);
    logged.mockRestore();
  });

  it("tries an object that could not be reached again, and returns once it has been told", async () => {
    const { host, reached } = hostWith(2);
    expect(await closeIn(host)).toEqual([1]);
    expect(reached).toEqual(["shop"]);
  });

  it("gives up on an object that stays unreachable, says so in the log, and still returns", async () => {
    const { host, reached } = hostWith(100);
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(await closeIn(host)).toEqual([null]);
    expect(reached).toEqual([]);
    expect(logged).toHaveBeenCalledWith("accounts: could not close connections on room shop", expect.any(Error));
    logged.mockRestore();
  });
});
