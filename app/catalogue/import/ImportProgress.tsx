/** The import under way: a bar and "n of m rows", read out as it moves. */
import { rowsText } from "./import-words";

export function ImportProgress({ done, total }: { done: number; total: number }) {
  const percent = total === 0 ? 100 : Math.round((done / total) * 100);
  return (
    <div className="import-progress">
      <div
        className="import-progress-bar"
        role="progressbar"
        aria-label="Import progress"
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done}
        aria-valuetext={`${done.toLocaleString("en")} of ${rowsText(total)}`}
      >
        <span style={{ width: `${percent}%` }} />
      </div>
      <p role="status">
        Importing: {done.toLocaleString("en")} of {rowsText(total)}
      </p>
    </div>
  );
}
