/**
 * Joining a room by link (the room's invite QR code): owners and admins make
 * a link that gives the member or viewer role for JOIN_LINK_DAYS; anyone
 * signed in who opens it joins. The link's token is 32 random bytes, kept
 * only as its SHA-256, and travels in the URL's fragment so it never reaches
 * a server log. Revoking ends every link of the room at once.
 */

import { can, JOIN_LINK_DAYS, type JoinLink, METHOD } from "../../protocol/api";
import { LiveError } from "../../protocol/errors";
import { hashToken, newToken } from "../accounts/tokens";
import { appUrl } from "../app-url";
import { defineMethod } from "../contract";
import { deleteJoinLinks, findJoinLink, insertJoinLink } from "../db/directory/join-links-repo";
import { addMembershipIfAbsent } from "../db/directory/memberships-repo";
import type { LiveRegistry } from "../live/registry";
import { requireRole } from "./access";
import { announce, displayNameOf } from "./members-feature";
import type { RoomHost } from "./room-host";
import { roomRecord } from "./room-record";

const DAY_MS = 24 * 60 * 60 * 1000;
export const JOIN_LINK_INVALID = "This join link is not valid or has expired";

export function registerJoinLinks(registry: LiveRegistry<RoomHost>): void {
  defineMethod(registry, METHOD.MEMBERS_CREATE_JOIN_LINK, {
    run: async (ctx, role): Promise<JoinLink> => {
      await requireRole(ctx, can.manageMembers);
      const token = newToken();
      const now = ctx.host.now();
      const expiresAt = now + JOIN_LINK_DAYS * DAY_MS;
      await insertJoinLink(ctx.host.db, {
        tokenHash: await hashToken(token),
        roomId: ctx.host.roomId,
        role,
        createdBy: ctx.userId as string,
        createdAt: now,
        expiresAt,
      });
      return {
        url: `${appUrl(ctx.host.env, ctx)}/join/${ctx.host.roomId}#${token}`,
        role,
        expiresAt: new Date(expiresAt),
      };
    },
  });

  defineMethod(registry, METHOD.MEMBERS_REVOKE_JOIN_LINKS, {
    run: async (ctx) => {
      await requireRole(ctx, can.manageMembers);
      return deleteJoinLinks(ctx.host.db, ctx.host.roomId);
    },
  });

  // Not behind requireRole: the caller is not a member yet. Signed in is enough.
  defineMethod(registry, METHOD.MEMBERS_JOIN, {
    run: async (ctx, token) => {
      if (!ctx.userId) throw new LiveError(403, "Sign in to join this room");
      const link = await findJoinLink(ctx.host.db, ctx.host.roomId, await hashToken(token), ctx.host.now());
      if (!link) throw new LiveError(403, JOIN_LINK_INVALID);
      // Already in: a join link never changes anyone's role (it could only lower an admin's).
      const added = await addMembershipIfAbsent(ctx.host.db, ctx.host.roomId, ctx.userId, link.role, ctx.host.now());
      if (added) await announce(ctx.host, ctx.userId, null);
      ctx.host.forgetRole(ctx.userId);
      return (await ctx.host.roleOf(ctx.userId)) ?? link.role;
    },
  });

  // What the link leads to, before joining or even signing in: the token is the key.
  defineMethod(registry, METHOD.MEMBERS_JOIN_LINK_INFO, {
    run: async (ctx, token) => {
      const link = await findJoinLink(ctx.host.db, ctx.host.roomId, await hashToken(token), ctx.host.now());
      const room = link ? await roomRecord(ctx.host) : null;
      if (!link || !room) throw new LiveError(403, JOIN_LINK_INVALID);
      return { roomName: room.name, role: link.role, invitedBy: await displayNameOf(ctx.host, link.createdBy) };
    },
  });
}
