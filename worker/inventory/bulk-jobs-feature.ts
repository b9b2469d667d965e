/**
 * The `bulkJobs` publication: bulk writes under way in the room (and just
 * ended), for progress bars; and `importPhotos`, an import's photos on
 * their way in (import-photos.ts).
 */
import { COLLECTION, PUBLICATION } from "../../protocol/api";
import { PUBLICATION_ARGS } from "../../protocol/args";
import type { LiveRegistry } from "../live/registry";
import { asDoc } from "../live/types";
import { requireRole } from "../rooms/access";
import type { RoomHost } from "../rooms/room-host";
import { listedJobs, toBulkJobDoc } from "./bulk-jobs";
import { importPhotosDoc } from "./import-photos";

export function registerBulkJobs(registry: LiveRegistry<RoomHost>): void {
  registry.publish(PUBLICATION.BULK_JOBS, {
    args: PUBLICATION_ARGS[PUBLICATION.BULK_JOBS],
    run: async (ctx) => {
      await requireRole(ctx);
      return {
        kind: "observed",
        collection: COLLECTION.BULK_JOBS,
        key: "jobs",
        fetch: async () => listedJobs(ctx.host).map((row) => asDoc(toBulkJobDoc(row))),
        matches: () => true,
      } as const;
    },
  });
  registry.publish(PUBLICATION.IMPORT_PHOTOS, {
    args: PUBLICATION_ARGS[PUBLICATION.IMPORT_PHOTOS],
    run: async (ctx) => {
      await requireRole(ctx);
      return {
        kind: "observed",
        collection: COLLECTION.IMPORT_PHOTOS,
        key: "photos",
        fetch: async () => [asDoc(importPhotosDoc(ctx.host))],
        matches: () => true,
      } as const;
    },
  });
}
