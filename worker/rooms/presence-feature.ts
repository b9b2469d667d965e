/**
 * Presence (docs/product.md §1): who is in the room right now. Follows the live
 * connections through the live layer's connection hooks, counts only
 * signed-in members, and publishes one `presence` document per person to
 * the room's members (strangers get 403).
 */
import { COLLECTION, PUBLICATION } from "../../protocol/api";
import { PUBLICATION_ARGS } from "../../protocol/args";
import { emailsOf, findUserById, profileName } from "../db/directory/users-repo";
import type { LiveRegistry } from "../live/registry";
import { asDoc } from "../live/types";
import { requireRole } from "./access";
import type { PresenceLookup } from "./presence";
import type { RoomHost } from "./room-host";

/** What a person shows as: their name when they have one, else their e-mail address (as in the members list). */
export function presenceLabel(profile: string, username: string | null, emails: { address: string }[]): string {
  return profileName(profile) || username || emails[0]?.address || "Member";
}

/** The member's label, or null for someone who is not a member of this room (one D1 read, on arrival). */
function lookupMember(host: RoomHost, userId: string): PresenceLookup {
  return async () => {
    if ((await host.roleOf(userId)) === null) return null;
    const [user, emails] = await Promise.all([findUserById(host.db, userId), emailsOf(host.db, userId)]);
    return user ? presenceLabel(user.profile, user.username, emails) : null;
  };
}

export function registerPresence(registry: LiveRegistry<RoomHost>): void {
  registry.connections({
    joined: (host, connection) => host.presence.join(connection, lookupMember(host, connection.userId)),
    left: (host, connection) => host.presence.leave(connection),
  });

  // Someone invited or removed while connected shows or stops showing at once
  // (removal also closes their connections, a moment later); a new name shows too.
  registry.react((host, change) => {
    if (change.collection !== COLLECTION.MEMBERS) return;
    if (change.doc === null) host.presence.revoke(change.id);
    else if (change.previous === null || change.previous.name !== change.doc.name) {
      void host.presence.recheck(change.id, lookupMember(host, change.id));
    }
  });

  registry.publish(PUBLICATION.PRESENCE, {
    args: PUBLICATION_ARGS[PUBLICATION.PRESENCE],
    run: async (ctx) => {
      await requireRole(ctx);
      // Arrivals still being looked up (e.g. everyone, just after a wake) are
      // in the first answer, not sent again as new.
      await ctx.host.presence.ready();
      return {
        kind: "observed",
        collection: COLLECTION.PRESENCE,
        fetch: async () => ctx.host.presence.docs().map(asDoc),
        matches: () => true,
      } as const;
    },
  });
}
