/** The room and its team: creating, renaming and deleting a room, members, invitations and join links (docs/product.md §1). */
import * as v from "valibot";
import { takes } from "./contract";
import type { JoinLink, JoinLinkInfo } from "./docs";
import { currencySchema, roomNameSchema } from "./field-schemas";
import { idSchema } from "./id-schema";
import type { RoomRole } from "./roles";
import { ASSIGNABLE_ROLES, JOIN_ROLES } from "./roles";

/** The method names of rooms and their members: the wire names both sides call them by. */
export const ROOM_METHOD = {
  ROOMS_CREATE: "rooms.create",
  ROOMS_RENAME: "rooms.rename",
  /** The room's currency (owners and admins): new items take it. */
  ROOMS_SET_CURRENCY: "rooms.setCurrency",
  ROOMS_DELETE: "rooms.delete",
  /** Fills a new, empty room from a backup file uploaded to it (roomBackups), as the room was when backed up. */
  ROOMS_RESTORE_BACKUP: "rooms.restoreBackup",
  MEMBERS_INVITE: "members.invite",
  MEMBERS_SET_ROLE: "members.setRole",
  MEMBERS_REMOVE: "members.remove",
  MEMBERS_LEAVE: "members.leave",
  /** A link (shown as the invite QR code) that lets anyone signed in join with a role. */
  MEMBERS_CREATE_JOIN_LINK: "members.createJoinLink",
  MEMBERS_REVOKE_JOIN_LINKS: "members.revokeJoinLinks",
  MEMBERS_JOIN: "members.join",
  /** What a join link leads to (room name, role, who made it), for the join page; no sign-in needed. */
  MEMBERS_JOIN_LINK_INFO: "members.joinLinkInfo",
  /** The caller's own choice: an e-mail for each new store order in this room, or none. */
  MEMBERS_SET_ORDER_EMAILS: "members.setOrderEmails",
} as const;

/** A join link's token, as its address carries it. */
const joinTokenSchema = v.pipe(
  v.string("This join link is not valid"),
  v.regex(/^[A-Za-z0-9_-]{43}$/, "This join link is not valid"),
);

export const ROOM_METHODS = {
  [ROOM_METHOD.ROOMS_CREATE]: takes(v.tuple([roomNameSchema, v.optional(currencySchema)])).answers<string>(),
  [ROOM_METHOD.ROOMS_RENAME]: takes(v.tuple([roomNameSchema])).answers(),
  [ROOM_METHOD.ROOMS_SET_CURRENCY]: takes(v.tuple([currencySchema])).answers(),
  [ROOM_METHOD.ROOMS_DELETE]: takes(v.tuple([])).answers(),
  [ROOM_METHOD.ROOMS_RESTORE_BACKUP]: takes(v.tuple([idSchema])).answers<null>(),
  [ROOM_METHOD.MEMBERS_INVITE]: takes(
    v.tuple([
      v.pipe(
        v.string("E-mail must be text"),
        v.trim(),
        v.maxLength(254, "E-mail address is too long"),
        v.email("Invalid e-mail address"),
      ),
      v.picklist(ASSIGNABLE_ROLES, "Unknown role"),
    ]),
  ).answers<string>(),
  [ROOM_METHOD.MEMBERS_SET_ROLE]: takes(v.tuple([idSchema, v.picklist(ASSIGNABLE_ROLES, "Unknown role")])).answers(),
  [ROOM_METHOD.MEMBERS_REMOVE]: takes(v.tuple([idSchema])).answers(),
  [ROOM_METHOD.MEMBERS_LEAVE]: takes(v.tuple([])).answers(),
  [ROOM_METHOD.MEMBERS_CREATE_JOIN_LINK]: takes(
    v.tuple([v.picklist(JOIN_ROLES, "A join link gives the member or viewer role")]),
  ).answers<JoinLink>(),
  [ROOM_METHOD.MEMBERS_REVOKE_JOIN_LINKS]: takes(v.tuple([])).answers<number>(),
  [ROOM_METHOD.MEMBERS_JOIN]: takes(v.tuple([joinTokenSchema])).answers<RoomRole>(),
  [ROOM_METHOD.MEMBERS_JOIN_LINK_INFO]: takes(v.tuple([joinTokenSchema])).answers<JoinLinkInfo>(),
  [ROOM_METHOD.MEMBERS_SET_ORDER_EMAILS]: takes(v.tuple([v.boolean("Choose on or off")])).answers<null>(),
} as const;

/** The publications of rooms, their members and who is in them: their wire names. */
export const ROOM_PUBLICATION = {
  ROOMS_LIST: "rooms.list",
  ROOM: "room",
  MEMBERS: "members",
  /** Who is in the room right now, one document per signed-in user with an open connection. */
  PRESENCE: "presence",
} as const;

/** What each publication of rooms, their members and who is in them takes. */
export const ROOM_PUBLICATION_ARGS = {
  [ROOM_PUBLICATION.ROOMS_LIST]: v.tuple([]),
  [ROOM_PUBLICATION.ROOM]: v.tuple([]),
  [ROOM_PUBLICATION.MEMBERS]: v.tuple([]),
  [ROOM_PUBLICATION.PRESENCE]: v.tuple([]),
} as const;
