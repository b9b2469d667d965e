/**
 * A person's name as others see it (Meteor's `profile.name`): set on the
 * account page, shown in presence, the members list, item history and
 * stocktakes instead of an e-mail address. Changing it reaches every room
 * the person is a member of at once (`refreshMember` on each room), and
 * the person's own open documents (userDocChanged).
 */

import * as v from "valibot";
import { ACCOUNT_METHOD, DISPLAY_NAME_MAX, displayNameSchema } from "../../protocol/account-args";
import { LiveError } from "../../protocol/errors";
import { defineMethod } from "../contract";
import { roomsOfUser } from "../db/directory/memberships-repo";
import { findUserById, setProfile } from "../db/directory/users-repo";
import type { LiveRegistry } from "../live/registry";
import type { AccountsHost } from "./accounts-host";
import { currentUserDoc, userDocChanged } from "./current-user";
import { callLiveObjects } from "./live-objects";

/** The profile with this name (a checked one), or with none when it is empty: the person shows as their address. */
export function withDisplayName(profile: Record<string, unknown>, name: string): Record<string, unknown> {
  const { name: _old, ...rest } = profile;
  return name ? { ...rest, name } : rest;
}

/**
 * A name from elsewhere (a provider's profile at OAuth sign-up) made to fit
 * the rules instead of refused — the sign-in must not fail over it: control
 * characters become spaces, then it is trimmed and cut to DISPLAY_NAME_MAX
 * (never inside a character). "" when nothing fits: no name is kept.
 */
export function fitDisplayName(name: string | null | undefined): string {
  if (typeof name !== "string") return "";
  let cut = "";
  for (const char of name.replace(/\p{Cc}+/gu, " ").trim()) {
    if (cut.length + char.length > DISPLAY_NAME_MAX) break;
    cut += char;
  }
  const fitted = v.safeParse(displayNameSchema, cut);
  return fitted.success ? fitted.output : "";
}

export function registerDisplayName<H extends AccountsHost>(registry: LiveRegistry<H>): void {
  const accounts = registry as unknown as LiveRegistry<AccountsHost>;

  // An empty name removes it: the person shows as their e-mail address again.
  defineMethod(accounts, ACCOUNT_METHOD.SET_NAME, {
    run: async (ctx, name) => {
      if (!ctx.userId) throw new LiveError(401, "Must be logged in");
      const userId = ctx.userId;
      const user = await findUserById(ctx.host.db, userId);
      if (!user) throw new LiveError(404, "User not found");
      const profile = JSON.parse(user.profile) as Record<string, unknown>;
      // The same name again (a second save, a re-sent call): nothing to store, nothing for the rooms.
      if ((profile.name ?? "") === name) return;
      const before = await currentUserDoc(ctx.host, userId);
      await setProfile(ctx.host.db, userId, withDisplayName(profile, name));
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
