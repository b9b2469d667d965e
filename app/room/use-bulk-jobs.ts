/**
 * The room's bulk jobs under way and just ended, as the server publishes
 * them (`bulkJobs`, worker/inventory/bulk-jobs.ts): a handful at most, so a
 * screen picks the one it shows from the list (a stocktake's apply, an
 * import's check or run).
 */
import { type BulkJobDoc, COLLECTION, PUBLICATION } from "../../protocol/api";
import { type LiveDoc, useFind } from "../live";
import { useSubscribe } from "../live-api";

const isBulkJob = (doc: LiveDoc): doc is LiveDoc & BulkJobDoc => typeof doc.kind === "string";

export function useBulkJobs(): readonly BulkJobDoc[] {
  useSubscribe(PUBLICATION.BULK_JOBS);
  return useFind(COLLECTION.BULK_JOBS, isBulkJob);
}
