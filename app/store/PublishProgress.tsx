import { memo, useEffect, useId, useRef, useSyncExternalStore } from "react";
import type { PublishQueue, QueueEntry, QueueSnapshot } from "./publish-queue";
import "./store.css";

export type PublishAction = "publish" | "unpublish";

const WORDS: Record<PublishAction, { heading: string; doing: string; done: string }> = {
  publish: { heading: "Publishing to the store", doing: "publishing…", done: "published" },
  unpublish: { heading: "Unpublishing from the store", doing: "unpublishing…", done: "unpublished" },
};

const number = (n: number) => n.toLocaleString();

/** "18 published, 2 failed, 5 not sent". */
export function publishSummary(action: PublishAction, snapshot: QueueSnapshot): string {
  const parts = [`${number(snapshot.done)} ${WORDS[action].done}`];
  if (snapshot.failed > 0) parts.push(`${number(snapshot.failed)} failed`);
  if (snapshot.stopped > 0) parts.push(`${number(snapshot.stopped)} not sent`);
  return parts.join(", ");
}

function stateText(action: PublishAction, entry: QueueEntry): string {
  switch (entry.state) {
    case "waiting":
      return "waiting";
    case "sending":
      return WORDS[action].doing;
    case "done":
      return WORDS[action].done;
    case "failed":
      return `failed: ${entry.reason}`;
    case "stopped":
      return "not sent";
  }
}

const noSubscription = () => () => {};

/** Whether `queue` (if any) is sending or has items still to send, live. */
export function useQueueRunning(queue: PublishQueue | null): boolean {
  return useSyncExternalStore(queue?.subscribe ?? noSubscription, () => queue?.snapshot().running ?? false);
}

/** One item's line; unchanged entries are the same objects, so only changed lines render again. */
const PublishRow = memo(function PublishRow({ entry, action }: { entry: QueueEntry; action: PublishAction }) {
  return (
    <li className={`publish-row publish-${entry.state}`} data-state={entry.state}>
      <span className="publish-title">{entry.title}</span>
      <span className="publish-state">{stateText(action, entry)}</span>
    </li>
  );
});

/**
 * The items of a publish (or unpublish) run, each with its state, an overall
 * bar, "Stop sending" while it runs, and when it is over a summary with
 * "Retry failed" (and "Send the rest" after a stop).
 */
export function PublishProgress({
  queue,
  action,
  onDismiss,
}: {
  queue: PublishQueue;
  action: PublishAction;
  onDismiss: () => void;
}) {
  const snapshot = useSyncExternalStore(queue.subscribe, queue.snapshot);
  const headingId = useId();
  const barLabelId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const { running, waiting, failed, stopped, finished, total } = snapshot;
  // Items a stop kept back are not counted: the bar fills when what was sent has ended.
  const planned = total - stopped;

  // Keyboard users land on the list when it opens…
  useEffect(() => {
    heading.current?.focus();
  }, []);
  // …and, when the run ends and its "Stop sending" button goes, on its heading again rather than nowhere.
  useEffect(() => {
    if (running) return;
    const active = document.activeElement;
    if (!active || active === document.body) heading.current?.focus();
  }, [running]);

  return (
    <section className="publish-progress" aria-labelledby={headingId} data-testid="publish-progress">
      <h3 id={headingId} ref={heading} tabIndex={-1}>
        {WORDS[action].heading}
      </h3>
      <div className="publish-overall">
        <span id={barLabelId}>
          {number(finished)} of {number(planned)}
        </span>
        <progress aria-labelledby={`${headingId} ${barLabelId}`} max={Math.max(planned, 1)} value={finished} />
      </div>
      <p role="status" className={failed > 0 && !running ? "publish-summary error" : "publish-summary"}>
        {running
          ? stopped > 0
            ? `Stopping: waiting for the ${number(snapshot.sending)} already sent.`
            : ""
          : publishSummary(action, snapshot)}
      </p>
      <div className="form-actions">
        {/* One slot, so keyboard focus stays on it as "Stop sending" turns into "Retry failed". */}
        {running ? (
          <button
            type="button"
            className="secondary"
            aria-disabled={waiting === 0}
            onClick={() => {
              if (waiting > 0) queue.stop();
            }}
          >
            {stopped > 0 ? "Stopping…" : "Stop sending"}
          </button>
        ) : failed > 0 ? (
          <button type="button" onClick={() => void queue.retryFailed()}>
            Retry failed
          </button>
        ) : null}
        {!running && stopped > 0 && (
          <button type="button" className="secondary" onClick={() => void queue.resume()}>
            Send the rest
          </button>
        )}
        {!running && (
          <button type="button" className="link-button" onClick={onDismiss}>
            Dismiss
          </button>
        )}
      </div>
      <ol className="publish-list" aria-label="Items sent to the store">
        {snapshot.entries.map((entry) => (
          <PublishRow key={entry.id} entry={entry} action={action} />
        ))}
      </ol>
    </section>
  );
}
