/**
 * The print queue as everyone in the room sees it (docs/printing.md): what
 * waits or is printing, oldest first — what it is for, how many labels, who
 * queued it and when — then what was printed or taken off lately. Those who
 * edit the catalogue take a waiting job off, or queue a done one again.
 */

import { useState } from "react";
import { METHOD, type MemberDoc } from "../../protocol/api";
import { PRINT_LIMITS, type PrintJobDoc } from "../../protocol/print-args";
import { RelativeTime } from "../catalogue/RelativeTime";
import { useCall } from "../live-api";
import { Button } from "../ui/Button";
import { useRun } from "../ui/use-run";
import { labelsText } from "./use-print-station";

const STATUS_TEXT: Record<PrintJobDoc["status"], string> = {
  waiting: "Waiting",
  printing: "Printing",
  printed: "Printed",
  skipped: "Taken off",
};

const KIND_TEXT: Record<PrintJobDoc["kind"], string> = {
  added: "Added",
  received: "Received",
  order: "Order received",
};

export function PrintQueue({
  jobs,
  loading,
  members,
  canChange,
}: {
  jobs: readonly PrintJobDoc[];
  loading: boolean;
  members: readonly MemberDoc[];
  canChange: boolean;
}) {
  const call = useCall();
  const { error, run } = useRun();
  const nameOf = (id: string | null) => {
    const member = members.find((each) => each._id === id);
    return member?.name || member?.email || "Someone";
  };
  const open = jobs.filter((job) => job.status === "waiting" || job.status === "printing");
  // The newest few: the rest of what the room keeps is history nobody acts on.
  const done = jobs
    .filter((job) => job.status === "printed" || job.status === "skipped")
    .slice(0, PRINT_LIMITS.DONE_SHOWN);
  const [pending, setPending] = useState<string | null>(null);
  /** One action at a time: a double click does not queue a job twice. */
  const act = (jobId: string, action: () => Promise<unknown>) => {
    if (pending) return;
    setPending(jobId);
    void run(action).finally(() => setPending(null));
  };

  return (
    <section className="card print-queue" aria-labelledby="print-queue-heading">
      <h2 id="print-queue-heading">Queue</h2>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      {loading && jobs.length === 0 ? (
        <p className="muted">Loading the queue…</p>
      ) : open.length === 0 ? (
        <p className="muted" data-testid="print-queue-empty">
          Nothing waits to print.
        </p>
      ) : (
        <ul className="print-jobs" data-testid="print-queue">
          {open.map((job) => (
            <li key={job._id} className="print-job">
              <span className={`print-job-status print-job-${job.status}`}>{STATUS_TEXT[job.status]}</span>
              <span className="print-job-title">
                {KIND_TEXT[job.kind]}: <strong>{job.title}</strong>, {labelsText(job.labels)}
                {job.cut > 0 && <span className="muted"> ({job.cut.toLocaleString()} more left out)</span>}
              </span>
              <span className="muted small">
                {nameOf(job.createdBy)}, <RelativeTime date={job.createdAt} />
              </span>
              {canChange && job.status === "waiting" && (
                <Button
                  variant="ghost"
                  size="sm"
                  disabled={pending !== null}
                  aria-label={`Take ${job.title} off the queue`}
                  onClick={() => act(job._id, () => call(METHOD.PRINT_SKIP, job._id))}
                >
                  Take off the queue
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {done.length > 0 && (
        <>
          <h3>Lately</h3>
          <ul className="print-jobs" data-testid="print-done">
            {done.map((job) => (
              <li key={job._id} className="print-job">
                <span className={`print-job-status print-job-${job.status}`}>{STATUS_TEXT[job.status]}</span>
                <span className="print-job-title">
                  {KIND_TEXT[job.kind]}: <strong>{job.title}</strong>, {labelsText(job.labels)}
                </span>
                <span className="muted small">
                  {nameOf(job.doneBy)}, {job.doneAt && <RelativeTime date={job.doneAt} />}
                </span>
                {canChange && (
                  <Button
                    variant="ghost"
                    size="sm"
                    disabled={pending !== null}
                    aria-label={`Print ${job.title} again`}
                    onClick={() => act(job._id, () => call(METHOD.PRINT_AGAIN, job._id))}
                  >
                    Print again
                  </Button>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
