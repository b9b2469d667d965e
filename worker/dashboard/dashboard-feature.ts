/** The `dashboard` publication (docs/product.md §3): the room's live figures, for its members. */
import { COLLECTION, PUBLICATION } from "../../protocol/api";
import { PUBLICATION_ARGS } from "../../protocol/args";
import type { LiveRegistry } from "../live/registry";
import type { Doc } from "../live/types";
import { requireRole } from "../rooms/access";
import type { RoomHost } from "../rooms/room-host";

export function registerDashboard(registry: LiveRegistry<RoomHost>): void {
  registry.react((host, change) => host.dashboard.count(change));

  registry.publish(PUBLICATION.DASHBOARD, {
    args: PUBLICATION_ARGS[PUBLICATION.DASHBOARD],
    run: async (ctx) => {
      await requireRole(ctx);
      await ctx.host.dashboard.ready();
      return {
        kind: "observed",
        collection: COLLECTION.DASHBOARD,
        fetch: async () => [ctx.host.dashboard.current() as unknown as Doc],
        matches: () => true,
      } as const;
    },
  });
}
