/**
 * While a stocktake's counts are being applied (a chunk of items at a time
 * on the server, worker/inventory/bulk-jobs.ts), everyone with the stocktake
 * open sees how far it got; scanning waits until it ends.
 */
import { useMemo } from "react";
import { type BulkJobDoc, COLLECTION, PUBLICATION } from "../../protocol/api";
import { type LiveDoc, useFind } from "../live";
import { useSubscribe } from "../live-api";

/** The apply under way for this stocktake, if any. */
export function useApplyUnderWay(stocktakeId: string): BulkJobDoc | undefined {
  useSubscribe(PUBLICATION.BULK_JOBS);
  const isApply = useMemo(
    () =>
      (doc: LiveDoc): doc is LiveDoc & BulkJobDoc =>
        doc.kind === "stocktake-apply" && doc.subject === stocktakeId && doc.status === "running",
    [stocktakeId],
  );
  return useFind(COLLECTION.BULK_JOBS, isApply)[0];
}

export function ApplyProgress({ job }: { job: BulkJobDoc }) {
  return (
    <div className="stocktake-applying" role="status">
      <span>
        Applying the counted quantities… {job.done.toLocaleString()} of {job.total.toLocaleString()} items
      </span>
      <progress aria-label="Applying the counted quantities" max={Math.max(1, job.total)} value={job.done} />
    </div>
  );
}
