/** A check or an import under way: a bar and "n of m rows", read out as it moves. */
import type { ReactNode } from "react";
import { useBulkJobs } from "../../room/use-bulk-jobs";
import { rowsText } from "./import-words";

/** A labelled bar of `done` of `total`, with what it says in words read out as it moves. */
export function ProgressLine({
  label,
  done,
  total,
  valueText,
  children,
}: {
  label: string;
  done: number;
  total: number;
  valueText: string;
  children: ReactNode;
}) {
  const percent = total === 0 ? 100 : Math.round((done / total) * 100);
  return (
    <div className="import-progress">
      <div
        className="import-progress-bar"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done}
        aria-valuetext={valueText}
      >
        <span style={{ width: `${percent}%` }} />
      </div>
      <p role="status">{children}</p>
    </div>
  );
}

/** Where a check or an import is: the file on its way to the server, then the server's bulk job on it. */
export type ImportStep =
  | { phase: "sending"; done: number; total: number }
  | { phase: "server"; jobId: string; total: number };

/** The check or import under way: a bar and "n of m rows", read out as it moves. */
export function ImportProgress({ step, verb }: { step: ImportStep; verb: "Checking" | "Importing" }) {
  const jobs = useBulkJobs();
  const job = step.phase === "server" ? jobs.find((each) => each._id === step.jobId) : undefined;
  const done = step.phase === "sending" ? step.done : (job?.done ?? 0);
  const total = step.phase === "sending" ? step.total : (job?.total ?? step.total);
  const text = `${done.toLocaleString("en")} of ${rowsText(total)}`;
  if (step.phase === "sending") {
    return (
      <ProgressLine label="Sending the file" done={done} total={total} valueText={text}>
        Sending the file to the server: {text}
      </ProgressLine>
    );
  }
  return (
    <ProgressLine
      label={verb === "Checking" ? "Check progress" : "Import progress"}
      done={done}
      total={total}
      valueText={text}
    >
      {verb}: {text}
    </ProgressLine>
  );
}
