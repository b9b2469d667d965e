import { useEffect, useState } from "react";
import type { Upload } from "./upload";

function formatBytesPerSecond(speed: number): string {
  if (speed >= 1024 * 1024) return `${(speed / 1024 / 1024).toFixed(1)} MB/s`;
  return `${Math.max(1, Math.round(speed / 1024))} KB/s`;
}

function formatTimeLeft(ms: number | null): string {
  if (ms === null) return "estimating…";
  const seconds = Math.ceil(ms / 1000);
  return seconds < 60 ? `${seconds} s left` : `${Math.ceil(seconds / 60)} min left`;
}

/**
 * One upload: a progress bar, speed, time left, and pause/continue/cancel.
 * Paused, it shows the share the server has confirmed ("Pausing…" until
 * chunks already on their way are in, so the figure shown never creeps up);
 * finishing, what the server is doing (`finishingText`).
 */
export function UploadProgress({
  upload,
  finishingText = "Finishing…",
  doneText = "Uploaded",
}: {
  upload: Upload;
  finishingText?: string;
  doneText?: string;
}) {
  const [, rerender] = useState(0);
  useEffect(() => {
    const refresh = () => rerender((n) => n + 1);
    const stops = (["progress", "pause", "continue", "abort", "uploaded", "error", "end"] as const).map((event) =>
      upload.on(event, refresh),
    );
    return () => {
      for (const stop of stops) stop();
    };
  }, [upload]);

  const { state, progress } = upload;
  const label = upload.blob.name;
  return (
    <li className="upload" data-testid="upload" data-state={state}>
      <div className="upload-head">
        <span className="upload-name">{label}</span>
        <span className="muted">
          {state === "active" &&
            (upload.finishing
              ? finishingText
              : `${progress}% · ${formatBytesPerSecond(upload.speed)} · ${formatTimeLeft(upload.timeLeft)}`)}
          {state === "paused" &&
            (upload.settling
              ? "Pausing…"
              : upload.waitingForLine
                ? progress === 0
                  ? "Waiting for the line: starts when back online"
                  : `Waiting for the line at ${progress}%`
                : `Paused at ${progress}%`)}
          {state === "completed" && doneText}
          {state === "aborted" && !upload.error && "Cancelled"}
        </span>
      </div>
      <progress max={100} value={progress} aria-label={`Upload of ${label}`} />
      {upload.error && (
        <p className="error" role="alert">
          {upload.error.reason}
        </p>
      )}
      {(state === "active" || state === "paused") && (
        <div className="actions">
          <button
            type="button"
            className="ui-button ui-button-secondary ui-button-sm"
            disabled={upload.finishing || upload.waitingForLine}
            onClick={() => upload.toggle()}
          >
            {state === "active" ? "Pause" : "Continue"}
          </button>
          <button
            type="button"
            className="ui-button ui-button-ghost ui-button-sm"
            disabled={upload.finishing}
            onClick={() => upload.abort()}
          >
            Cancel
          </button>
        </div>
      )}
    </li>
  );
}
