/**
 * While a stocktake's counts are being applied (a chunk of items at a time
 * on the server, worker/inventory/bulk-jobs.ts), everyone with the stocktake
 * open sees how far it got; scanning waits until it ends.
 */
import type { BulkJobDoc } from "../../protocol/api";
import { useBulkJobs } from "../room/use-bulk-jobs";

/** The apply under way for this stocktake, if any. */
export function useApplyUnderWay(stocktakeId: string): BulkJobDoc | undefined {
  return useBulkJobs().find(
    (job) => job.kind === "stocktake-apply" && job.subject === stocktakeId && job.status === "running",
  );
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
