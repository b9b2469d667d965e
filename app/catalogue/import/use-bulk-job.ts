/** A bulk job of the room by id, as the server publishes its progress (`bulkJobs`); undefined before it starts. */
import { useMemo } from "react";
import { type BulkJobDoc, COLLECTION, PUBLICATION } from "../../../protocol/api";
import { type LiveDoc, useFind } from "../../live";
import { useSubscribe } from "../../live-api";

export function useBulkJob(jobId: string | null): BulkJobDoc | undefined {
  useSubscribe(PUBLICATION.BULK_JOBS);
  const isJob = useMemo(
    () =>
      (doc: LiveDoc): doc is LiveDoc & BulkJobDoc =>
        doc._id === jobId,
    [jobId],
  );
  return useFind(COLLECTION.BULK_JOBS, isJob)[0];
}
