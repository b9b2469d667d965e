/** The import under way: a bar and "n of m rows", read out as it moves. */
import type { ReactNode } from "react";
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

export function ImportProgress({ done, total }: { done: number; total: number }) {
  const text = `${done.toLocaleString("en")} of ${rowsText(total)}`;
  return (
    <ProgressLine label="Import progress" done={done} total={total} valueText={text}>
      Importing: {text}
    </ProgressLine>
  );
}
