/**
 * Each caller's role in this room, read from the directory once and kept
 * while the object is awake (docs/architecture.md §12). A change of
 * membership made here forgets it (`forget`). A read still on its way when
 * the role is forgotten is not kept, and its caller reads again: a member
 * removed while their first lookup since wake was in flight does not keep
 * the old role until the object is evicted.
 */
import type { RoomRole } from "../../protocol/api";

export class RoleCache {
  private readonly roles = new Map<string, RoomRole | null>();
  /** How often each person's role was forgotten: a read that began before the last time is stale. */
  private readonly forgotten = new Map<string, number>();

  constructor(private readonly read: (userId: string) => Promise<RoomRole | null>) {}

  async roleOf(userId: string): Promise<RoomRole | null> {
    for (;;) {
      if (this.roles.has(userId)) return this.roles.get(userId) ?? null;
      const before = this.forgotten.get(userId) ?? 0;
      const role = await this.read(userId);
      if ((this.forgotten.get(userId) ?? 0) === before) {
        this.roles.set(userId, role);
        return role;
      }
      // Forgotten while this read was on its way: what it found may be the role as it was.
    }
  }

  forget(userId: string): void {
    this.roles.delete(userId);
    this.forgotten.set(userId, (this.forgotten.get(userId) ?? 0) + 1);
  }
}
