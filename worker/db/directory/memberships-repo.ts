/** Room memberships in D1. */
import { and, desc, eq } from "drizzle-orm";
import type { MemberDoc, RoomRole } from "../../../protocol/api";
import type { UserRow } from "./accounts-schema";
import { type Database, newId } from "./database";
import {
  deletedRooms,
  joinLinks,
  memberships,
  type RoomRow,
  rooms,
  tokenConnections,
  userEmails,
  users,
} from "./schema";
import { profileName } from "./users-repo";

export async function roleOf(db: Database, roomId: string, userId: string): Promise<RoomRole | null> {
  const row = await db
    .select({ role: memberships.role })
    .from(memberships)
    .where(and(eq(memberships.roomId, roomId), eq(memberships.userId, userId)))
    .get();
  return row?.role ?? null;
}

/** Creates a room with its creator as owner, in one atomic batch. */
/**
 * Creates a room owned by `ownerId`, idempotent on `id` (a create re-sent
 * after its answer was lost finds the room made and adds nothing): null
 * when a room with this id exists but is not this owner's (it never gains
 * an owner that way).
 */
export async function createRoomWithOwner(
  db: Database,
  name: string,
  ownerId: string,
  now = Date.now(),
  id = newId(),
  currency = "USD",
): Promise<{ room: RoomRow; created: boolean } | null> {
  const made = await existingRoomOf(db, id, ownerId);
  if (made !== undefined) return made;
  const room: RoomRow = { id, name, currency, createdAt: now, updatedAt: now, rowsMovedAt: now };
  try {
    await db.batch([
      db.insert(rooms).values(room),
      db.insert(memberships).values({ roomId: id, userId: ownerId, role: "owner", createdAt: now }),
    ]);
    return { room, created: true };
  } catch (error) {
    // The same create, re-sent, may have won a race on another object: then it is made.
    const raced = await existingRoomOf(db, id, ownerId);
    if (raced !== undefined) return raced;
    throw error;
  }
}

/** undefined: no such room; null: someone else's; else the owner's room. */
async function existingRoomOf(db: Database, id: string, ownerId: string) {
  const existing = await db.select().from(rooms).where(eq(rooms.id, id)).get();
  if (!existing) return undefined;
  return (await roleOf(db, id, ownerId)) === "owner" ? { room: existing, created: false } : null;
}

/**
 * A membership given by invitation, with the account it is for when the
 * address had none (no password yet: set through the enroll link) — in one
 * batch, so a failure leaves neither.
 */
export async function addInvitedMembership(
  db: Database,
  roomId: string,
  membership: { userId: string; role: RoomRole; now: number },
  newAccount: { row: UserRow; email: string } | null,
): Promise<void> {
  const { userId, role, now } = membership;
  const statements = [
    ...(newAccount
      ? [
          db.insert(users).values(newAccount.row),
          db.insert(userEmails).values({ userId, address: newAccount.email, verified: false }),
        ]
      : []),
    db.insert(memberships).values({ roomId, userId, role, createdAt: now }),
  ];
  await db.batch(statements as [(typeof statements)[0], ...(typeof statements)[0][]]);
}

/** Adds the membership unless there is one (two tabs joining at once); true if this call added it. */
export async function addMembershipIfAbsent(
  db: Database,
  roomId: string,
  userId: string,
  role: RoomRole,
  now: number,
): Promise<boolean> {
  const added = await db
    .insert(memberships)
    .values({ roomId, userId, role, createdAt: now })
    .onConflictDoNothing()
    .returning({ userId: memberships.userId })
    .all();
  return added.length > 0;
}

/**
 * A member's new role, and — when it no longer lets them manage the team —
 * the join links they made gone with it, in one batch.
 */
export async function setMembershipRole(
  db: Database,
  roomId: string,
  userId: string,
  role: RoomRole,
  dropTheirLinks: boolean,
): Promise<void> {
  const statements = [
    db
      .update(memberships)
      .set({ role })
      .where(and(eq(memberships.roomId, roomId), eq(memberships.userId, userId))),
    ...(dropTheirLinks ? [joinLinksByQuery(db, roomId, userId)] : []),
  ];
  await db.batch(statements as [(typeof statements)[0], ...(typeof statements)[0][]]);
}

/** A member's own choice of an e-mail for each new store order (docs/product.md §6). */
export async function setOrderEmails(db: Database, roomId: string, userId: string, on: boolean): Promise<void> {
  await db
    .update(memberships)
    .set({ orderEmails: on })
    .where(and(eq(memberships.roomId, roomId), eq(memberships.userId, userId)));
}

/** A member's own choice of a daily e-mail listing what is low on stock. */
export async function setLowStockEmails(db: Database, roomId: string, userId: string, on: boolean): Promise<void> {
  await db
    .update(memberships)
    .set({ lowStockEmails: on })
    .where(and(eq(memberships.roomId, roomId), eq(memberships.userId, userId)));
}

/** A member gone from the room, and the join links they made with them, in one batch. */
export async function removeMembership(db: Database, roomId: string, userId: string): Promise<void> {
  await db.batch([
    db.delete(memberships).where(and(eq(memberships.roomId, roomId), eq(memberships.userId, userId))),
    joinLinksByQuery(db, roomId, userId),
  ]);
}

const joinLinksByQuery = (db: Database, roomId: string, userId: string) =>
  db.delete(joinLinks).where(and(eq(joinLinks.roomId, roomId), eq(joinLinks.createdBy, userId)));

/** Members with their first e-mail address and whether they have set a password. */
export async function listMembers(db: Database, roomId: string): Promise<MemberDoc[]> {
  const rows = await db
    .select({
      userId: memberships.userId,
      role: memberships.role,
      email: userEmails.address,
      profile: users.profile,
      passwordHash: users.passwordHash,
      orderEmails: memberships.orderEmails,
      lowStockEmails: memberships.lowStockEmails,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .leftJoin(userEmails, eq(userEmails.userId, memberships.userId))
    .where(eq(memberships.roomId, roomId))
    .all();
  const byUser = new Map<string, MemberDoc>();
  for (const row of rows) {
    if (!byUser.has(row.userId)) {
      byUser.set(row.userId, {
        _id: row.userId,
        role: row.role,
        email: row.email ?? "",
        name: profileName(row.profile),
        joined: row.passwordHash !== null,
        orderEmails: row.orderEmails,
        lowStockEmails: row.lowStockEmails,
      });
    }
  }
  return [...byUser.values()];
}

/** The rooms a user belongs to, most recently changed first. */
export async function roomsOfUser(db: Database, userId: string, limit = 200): Promise<RoomRow[]> {
  const rows = await db
    .select({ room: rooms })
    .from(memberships)
    .innerJoin(rooms, eq(rooms.id, memberships.roomId))
    .where(eq(memberships.userId, userId))
    .orderBy(desc(rooms.updatedAt))
    .limit(limit)
    .all();
  return rows.map((row) => row.room);
}

/**
 * Deletes the room (its rows go with it) and keeps only that it was deleted,
 * and when. Logins stop naming its object as a place they are in use, so no
 * later token removal or change of a person wakes the erased object again.
 */
export async function deleteRoom(db: Database, roomId: string, at: number): Promise<void> {
  await db.batch([
    db.insert(deletedRooms).values({ id: roomId, deletedAt: at }).onConflictDoNothing(),
    db.delete(rooms).where(eq(rooms.id, roomId)),
    db
      .delete(tokenConnections)
      .where(and(eq(tokenConnections.objectKind, "room"), eq(tokenConnections.objectName, roomId))),
  ]);
}

/** When the room was deleted, or null if it never was. */
export async function roomDeletedAt(db: Database, roomId: string): Promise<number | null> {
  const row = await db.select().from(deletedRooms).where(eq(deletedRooms.id, roomId)).get();
  return row?.deletedAt ?? null;
}
