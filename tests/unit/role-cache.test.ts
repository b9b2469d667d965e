/**
 * A room's cache of its callers' roles (worker/rooms/role-cache.ts): read
 * once and kept, forgotten when membership changes — and a read on its way
 * when that happens is not kept, so a removed member never keeps the role
 * they had.
 */
import { describe, expect, it } from "vitest";
import type { RoomRole } from "../../protocol/api";
import { RoleCache } from "../../worker/rooms/role-cache";

/** A directory whose answers the test hands out one at a time. */
function slowDirectory() {
  const pending: ((role: RoomRole | null) => void)[] = [];
  let reads = 0;
  const read = (_userId: string) =>
    new Promise<RoomRole | null>((resolve) => {
      reads++;
      pending.push(resolve);
    });
  const answer = async (role: RoomRole | null) => {
    // Let the cache's read start before answering it.
    await Promise.resolve();
    pending.shift()?.(role);
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { read, answer, reads: () => reads };
}

describe("a room's role cache", () => {
  it("reads a role once and keeps it until forgotten", async () => {
    const directory = slowDirectory();
    const cache = new RoleCache(directory.read);
    const first = cache.roleOf("ana");
    await directory.answer("member");
    expect(await first).toBe("member");
    expect(await cache.roleOf("ana")).toBe("member");
    expect(directory.reads()).toBe(1);
    cache.forget("ana");
    const again = cache.roleOf("ana");
    await directory.answer("viewer");
    expect(await again).toBe("viewer");
    expect(directory.reads()).toBe(2);
  });

  it("does not keep a role read while the member was being removed: it reads again", async () => {
    const directory = slowDirectory();
    const cache = new RoleCache(directory.read);
    // The first lookup since the room woke is on its way to the directory…
    const lookup = cache.roleOf("ana");
    // …when Ana is removed, and the room forgets her role.
    cache.forget("ana");
    // The directory answers what it had when the lookup reached it: still a member.
    await directory.answer("member");
    // That answer is not kept: the lookup reads again and finds her gone.
    await directory.answer(null);
    expect(await lookup).toBeNull();
    expect(await cache.roleOf("ana")).toBeNull();
    expect(directory.reads()).toBe(2);
  });
});
