/**
 * A person's name as others see it (Meteor's `profile.name`): set on the
 * account page, shown in presence, the members list, item history and
 * stocktakes instead of an e-mail address. Changing it reaches every room
 * the person is a member of at once (`refreshMember` on each room), and
 * the person's own open documents (userDocChanged).
 */
import * as v from "valibot";
import { LiveError } from "../../protocol/errors";
import { roomsOfUser } from "../db/memberships-repo";
import { findUserById, setProfile } from "../db/users-repo";
import type { LiveRegistry } from "../live/registry";
import type { AccountsHost } from "./accounts-host";
import { currentUserDoc, userDocChanged } from "./current-user";
import { callLiveObjects } from "./live-objects";

export const DISPLAY_NAME_MAX = 80;

/** A name as others see it; also what createUser accepts as `profile.name`. */
export const displayNameSchema = v.pipe(
  v.string("Your name must be text"),
  v.trim(),
  v.maxLength(DISPLAY_NAME_MAX, `Your name can be at most ${DISPLAY_NAME_MAX} characters`),
  v.check((name) => !/\p{Cc}/u.test(name), "Your name cannot hold control characters"),
);

export function registerDisplayName<H extends AccountsHost>(registry: LiveRegistry<H>): void {
  const accounts = registry as unknown as LiveRegistry<AccountsHost>;

  // An empty name removes it: the person shows as their e-mail address again.
  accounts.method("accounts.setName", {
    args: v.tuple([displayNameSchema]),
    run: async (ctx, name) => {
      if (!ctx.userId) throw new LiveError(401, "Must be logged in");
      const userId = ctx.userId;
      const user = await findUserById(ctx.host.db, userId);
      if (!user) throw new LiveError(404, "User not found");
      const before = await currentUserDoc(ctx.host, userId);
      const { name: _old, ...rest } = JSON.parse(user.profile) as Record<string, unknown>;
      await setProfile(ctx.host.db, userId, name ? { ...rest, name } : rest);
      await userDocChanged(ctx.host, userId, before);
      ctx.host.background("accounts: a new name to the person's rooms", async () => {
        const rooms = await roomsOfUser(ctx.host.db, userId);
        await callLiveObjects(
          ctx.host,
          rooms.map((room) => ({ objectKind: "room", objectName: room.id })),
          "show the member's new name",
          {
            self: () => ctx.host.memberChanged?.(userId) ?? Promise.resolve(),
            remote: (object) => ("refreshMember" in object ? object.refreshMember(userId) : Promise.resolve()),
          },
        );
      });
    },
  });
}
