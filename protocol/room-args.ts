/** The room and its team: creating, renaming and deleting a room, members, invitations and join links (docs/product.md §1). */
import * as v from "valibot";
import { ASSIGNABLE_ROLES, JOIN_ROLES, METHOD } from "./api";
import { takes } from "./contract";
import type { JoinLink, JoinLinkInfo } from "./docs";
import { currencySchema, roomNameSchema } from "./field-schemas";
import { idSchema } from "./id-schema";
import type { RoomRole } from "./roles";

/** A join link's token, as its address carries it. */
const joinTokenSchema = v.pipe(
  v.string("This join link is not valid"),
  v.regex(/^[A-Za-z0-9_-]{43}$/, "This join link is not valid"),
);

export const ROOM_METHODS = {
  [METHOD.ROOMS_CREATE]: takes(v.tuple([roomNameSchema, v.optional(currencySchema)])).answers<string>(),
  [METHOD.ROOMS_RENAME]: takes(v.tuple([roomNameSchema])).answers(),
  [METHOD.ROOMS_SET_CURRENCY]: takes(v.tuple([currencySchema])).answers(),
  [METHOD.ROOMS_DELETE]: takes(v.tuple([])).answers(),
  [METHOD.MEMBERS_INVITE]: takes(
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
  [METHOD.MEMBERS_SET_ROLE]: takes(v.tuple([idSchema, v.picklist(ASSIGNABLE_ROLES, "Unknown role")])).answers(),
  [METHOD.MEMBERS_REMOVE]: takes(v.tuple([idSchema])).answers(),
  [METHOD.MEMBERS_LEAVE]: takes(v.tuple([])).answers(),
  [METHOD.MEMBERS_CREATE_JOIN_LINK]: takes(
    v.tuple([v.picklist(JOIN_ROLES, "A join link gives the member or viewer role")]),
  ).answers<JoinLink>(),
  [METHOD.MEMBERS_REVOKE_JOIN_LINKS]: takes(v.tuple([])).answers<number>(),
  [METHOD.MEMBERS_JOIN]: takes(v.tuple([joinTokenSchema])).answers<RoomRole>(),
  [METHOD.MEMBERS_JOIN_LINK_INFO]: takes(v.tuple([joinTokenSchema])).answers<JoinLinkInfo>(),
  [METHOD.MEMBERS_SET_ORDER_EMAILS]: takes(v.tuple([v.boolean("Choose on or off")])).answers<null>(),
} as const;
