/**
 * The room's print station document (docs/printing.md): what the queue takes,
 * which tab is the station, what waits. Every room page holds it, for the
 * banner; the print page reads the same document.
 */
import { COLLECTION, PUBLICATION } from "../../protocol/api";
import type { PrintJobDoc, PrintStationDoc } from "../../protocol/print-args";
import { type LiveDoc, useFind } from "../live";
import { useSubscribe } from "../live-api";

const isStation = (doc: LiveDoc): doc is LiveDoc & PrintStationDoc => doc._id === "station";
const isJob = (doc: LiveDoc): doc is LiveDoc & PrintJobDoc => typeof doc.labels === "number";

export function usePrintStation(): PrintStationDoc | null {
  useSubscribe(PUBLICATION.PRINT_STATION);
  return useFind(COLLECTION.PRINT_STATION, isStation)[0] ?? null;
}

/** Jobs waiting or printing, oldest first; then those done, newest first. */
const queueOrder = (a: PrintJobDoc, b: PrintJobDoc) => {
  const open = (job: PrintJobDoc) => job.status === "waiting" || job.status === "printing";
  if (open(a) !== open(b)) return open(a) ? -1 : 1;
  return open(a)
    ? a.createdAt.getTime() - b.createdAt.getTime()
    : (b.doneAt?.getTime() ?? 0) - (a.doneAt?.getTime() ?? 0);
};

export function usePrintQueue(): { jobs: readonly PrintJobDoc[]; loading: boolean } {
  const loading = useSubscribe(PUBLICATION.PRINT_QUEUE);
  const jobs = useFind(COLLECTION.PRINT_JOBS, isJob, queueOrder);
  return { jobs, loading };
}

/** "3 labels" */
export const labelsText = (count: number) => `${count.toLocaleString()} ${count === 1 ? "label" : "labels"}`;
