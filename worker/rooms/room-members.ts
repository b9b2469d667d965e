/**
 * Who is in this room, as the directory says: each caller's role (RoleCache)
 * and the member list order e-mails go to, read once and kept until a
 * membership changes here, or for MEMBERS_KEPT_MS all the same — a change made
 * elsewhere (none today) is not kept for ever (docs/architecture.md §12).
 */
import type { MemberDoc, RoomRole } from "../../protocol/api";
import type { Database } from "../db/directory/database";
import { listMembers, roleOf } from "../db/directory/memberships-repo";
import { RoleCache } from "./role-cache";

/** How long the member list is kept without a change here before it is read again. */
const MEMBERS_KEPT_MS = 10 * 60_000;

export class RoomMembers {
  private readonly roles: RoleCache;
  private members: { list: Promise<MemberDoc[]>; at: number } | null = null;

  constructor(
    private readonly db: Database,
    private readonly roomId: string,
  ) {
    this.roles = new RoleCache((userId) => roleOf(db, roomId, userId));
  }

  roleOf(userId: string): Promise<RoomRole | null> {
    return this.roles.roleOf(userId);
  }

  /** A membership changed here: this person's role and the list are read again. */
  forget(userId: string): void {
    this.roles.forget(userId);
    this.members = null;
  }

  list(): Promise<MemberDoc[]> {
    if (!this.members || Date.now() - this.members.at > MEMBERS_KEPT_MS) {
      const list = listMembers(this.db, this.roomId).catch((error: unknown) => {
        this.members = null;
        throw error;
      });
      this.members = { list, at: Date.now() };
    }
    return this.members.list;
  }
}
