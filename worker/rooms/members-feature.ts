/**
 * Room membership (docs/product.md §1): the members list, invitations by e-mail (an
 * existing user is added and told; a new address gets an account to enroll
 * in), role changes, removal, leaving, and deleting the room. Owners and
 * admins manage members; only the owner deletes the room. Each member,
 * viewers too, chooses for themselves whether to get order e-mails.
 */

import { COLLECTION, can, METHOD, type MemberDoc, PUBLICATION } from "../../protocol/api";
import { PUBLICATION_ARGS } from "../../protocol/args";
import { LiveError } from "../../protocol/errors";
import { sendEnrollEmail } from "../accounts/recovery-feature";
import { appUrl } from "../app-url";
import { defineMethod } from "../contract";
import { newId } from "../db/directory/database";
import {
  addInvitedMembership,
  deleteRoom,
  listMembers,
  removeMembership,
  setMembershipRole,
  setOrderEmails,
} from "../db/directory/memberships-repo";
import { findRoom } from "../db/directory/rooms-repo";
import { emailsOf, findUserByEmail, findUserById, profileName } from "../db/directory/users-repo";
import { sendEmail } from "../email/mailer";
import { invitationMessage } from "../email/templates";
import type { LiveRegistry } from "../live/registry";
import { asDoc, type MethodContext } from "../live/types";
import { requireRole } from "./access";
import { announceRoomEnding } from "./room-endings";
import type { RoomHost } from "./room-host";
import { roomRecord } from "./room-record";

/** Lets the caller's own result and `updated` go out before its connection is closed. */
const CLOSE_DELAY_MS = 1_000;

export async function memberDoc(host: RoomHost, userId: string): Promise<MemberDoc | null> {
  return (await listMembers(host.db, host.roomId)).find((member) => member._id === userId) ?? null;
}

export async function announce(host: RoomHost, userId: string, previous: MemberDoc | null): Promise<void> {
  host.forgetRole(userId);
  const doc = await memberDoc(host, userId);
  host.emit({
    collection: COLLECTION.MEMBERS,
    id: userId,
    doc: doc ? asDoc(doc) : null,
    previous: previous ? asDoc(previous) : null,
  });
}

async function targetMember(ctx: MethodContext<RoomHost>, userId: string): Promise<MemberDoc> {
  const member = await memberDoc(ctx.host, userId);
  if (!member) throw new LiveError(404, "Not a member of this room");
  if (member.role === "owner") throw new LiveError(403, "The owner's membership cannot be changed");
  return member;
}

/** How a person is named to others in e-mails and invitations: their profile name, else their address. */
export async function displayNameOf(host: RoomHost, userId: string): Promise<string> {
  const user = await findUserById(host.db, userId);
  const name = user ? profileName(user.profile) : "";
  if (name) return name;
  return (await emailsOf(host.db, userId))[0]?.address ?? user?.username ?? "Someone";
}

export function registerMembers(registry: LiveRegistry<RoomHost>): void {
  registry.publish(PUBLICATION.MEMBERS, {
    args: PUBLICATION_ARGS[PUBLICATION.MEMBERS],
    run: async (ctx) => {
      await requireRole(ctx);
      return {
        kind: "observed",
        collection: COLLECTION.MEMBERS,
        // No shared observation: a member's name and joined state come from `users`, which other objects change.
        fetch: async () => (await listMembers(ctx.host.db, ctx.host.roomId)).map(asDoc),
        matches: () => true,
      } as const;
    },
  });

  defineMethod(registry, METHOD.MEMBERS_INVITE, {
    run: async (ctx, email, role) => {
      await requireRole(ctx, can.manageMembers);
      const room = await roomRecord(ctx.host);
      if (!room) throw new LiveError(404, "Room not found");
      const existing = await findUserByEmail(ctx.host.db, email);
      if (existing && (await memberDoc(ctx.host, existing.id)))
        throw new LiveError(409, `${email} is already a member`);
      const userId = existing?.id ?? newId();
      // A new address: an account without a password, set through the enroll link; made with the membership.
      const newAccount = existing
        ? null
        : { row: { id: userId, username: null, profile: "{}", passwordHash: null, createdAt: ctx.host.now() }, email };
      await addInvitedMembership(ctx.host.db, ctx.host.roomId, { userId, role, now: ctx.host.now() }, newAccount);
      await announce(ctx.host, userId, null);
      const invitedBy = await displayNameOf(ctx.host, ctx.userId as string);
      if (existing) {
        await sendEmail(
          ctx.host.env,
          invitationMessage(email, appUrl(ctx.host.env, ctx), room.id, room.name, invitedBy),
        );
      } else {
        await sendEnrollEmail(ctx, userId, email, { roomId: room.id, roomName: room.name, invitedBy });
      }
      return userId;
    },
  });

  defineMethod(registry, METHOD.MEMBERS_SET_ROLE, {
    run: async (ctx, userId, role) => {
      await requireRole(ctx, can.manageMembers);
      const before = await targetMember(ctx, userId);
      await setMembershipRole(ctx.host.db, ctx.host.roomId, userId, role, !can.manageMembers(role));
      await announce(ctx.host, userId, before);
    },
  });

  defineMethod(registry, METHOD.MEMBERS_REMOVE, {
    run: async (ctx, userId) => {
      await requireRole(ctx, can.manageMembers);
      const before = await targetMember(ctx, userId);
      await removeMembership(ctx.host.db, ctx.host.roomId, userId);
      await announce(ctx.host, userId, before);
      // Their open views of this room end now, saying why (room-endings.ts).
      const room = await roomRecord(ctx.host);
      const by = await displayNameOf(ctx.host, ctx.userId as string);
      announceRoomEnding(
        ctx.host,
        { kind: "removed", roomName: room?.name ?? "", by, byUserId: ctx.userId as string },
        userId,
      );
      void ctx.host.disconnectUser(userId, "removed from the room");
    },
  });

  defineMethod(registry, METHOD.MEMBERS_LEAVE, {
    run: async (ctx) => {
      const role = await requireRole(ctx);
      if (role === "owner") throw new LiveError(403, "The owner cannot leave the room; delete it instead");
      const userId = ctx.userId as string;
      const before = await memberDoc(ctx.host, userId);
      await removeMembership(ctx.host.db, ctx.host.roomId, userId);
      await announce(ctx.host, userId, before);
      setTimeout(() => void ctx.host.disconnectUser(userId, "left the room"), CLOSE_DELAY_MS);
    },
  });

  defineMethod(registry, METHOD.MEMBERS_SET_ORDER_EMAILS, {
    run: async (ctx, on) => {
      await requireRole(ctx);
      // Only ever the caller's own row: nobody signs someone else up for e-mail.
      const userId = ctx.userId as string;
      const before = await memberDoc(ctx.host, userId);
      await setOrderEmails(ctx.host.db, ctx.host.roomId, userId, on);
      await announce(ctx.host, userId, before);
      return null;
    },
  });

  defineMethod(registry, METHOD.ROOMS_DELETE, {
    run: async (ctx) => {
      await requireRole(ctx, can.deleteRoom);
      const room = await findRoom(ctx.host.db, ctx.host.roomId);
      const by = await displayNameOf(ctx.host, ctx.userId as string);
      // The directory entry first: once it is gone nobody opens the room again, and should it fail
      // nothing is lost. Then everything the room kept (below), owed until done.
      await deleteRoom(ctx.host.db, ctx.host.roomId, ctx.host.now());
      // Everyone with it open hears it ended, and by whom (room-endings.ts), before their connections close.
      announceRoomEnding(
        ctx.host,
        { kind: "deleted", roomName: room?.name ?? "", by, byUserId: ctx.userId as string },
        null,
      );
      ctx.host.emit({ collection: COLLECTION.ROOMS, id: ctx.host.roomId, doc: null, previous: null });
      // The caller's answer and everyone's ending go out before the connections close and the storage goes.
      await ctx.host.extensions.eraseRoom(ctx.host, CLOSE_DELAY_MS);
    },
  });
}
