import { lazy, Suspense, useState } from "react";
import { can, ITEM_STATUSES, type ItemDoc, type ItemStatus, METHOD } from "../../protocol/api";
import { randomId } from "../../protocol/random-stream";
import { errorMessage } from "../components/ErrorText";
import { useCall } from "../live-api";
import { useBulkJobs } from "../room/use-bulk-jobs";
import { type PublishAction, PublishProgress, useQueueRunning } from "../store/PublishProgress";
import { createPublishQueue, type PublishQueue } from "../store/publish-queue";
import { useStoreState } from "../store/store-state";
import { useMyRole } from "../team/use-my-role";
import { BulkEditPanel } from "./BulkEditPanel";
import { type Selection, variantSelection } from "./selection";

/** The QR renderer and label layout download only when someone prints labels. */
const LabelsPanel = lazy(() => import("./LabelsPanel"));

interface Progress {
  done: number;
  total: number;
}

/**
 * What can be done to the selected items: one status for all of them, a
 * printable label sheet, or (with a connected store, for those who may use
 * it) publishing to the store and unpublishing. A status goes in one call,
 * set by the server as a job with a progress bar; the store gets one call
 * per item, a few at a time, with a line per item.
 */
export function BulkBar({
  selection,
  items,
  hiddenSelected,
  canEdit,
}: {
  selection: Selection;
  items: readonly ItemDoc[];
  /** Selected items the filters hide now: the actions apply to them too, so say so. */
  hiddenSelected: number;
  canEdit: boolean;
}) {
  const call = useCall();
  const [status, setStatus] = useState<ItemStatus>("ready");
  // The job the server runs for this bar (a status, or the edit panel's change): its bar follows it.
  const [statusJob, setStatusJob] = useState<{ id: string; total: number; label: string } | null>(null);
  const jobs = useBulkJobs();
  const job = statusJob ? jobs.find((each) => each._id === statusJob.id) : undefined;
  const progress: Progress | null = statusJob ? { done: job?.done ?? 0, total: job?.total ?? statusJob.total } : null;
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  // The items being printed, as they were when "Print labels" was pressed.
  const [printing, setPrinting] = useState<ItemDoc[] | null>(null);
  const [editing, setEditing] = useState(false);
  const role = useMyRole();
  const store = useStoreState();
  const [publishing, setPublishing] = useState<{
    action: PublishAction;
    queue: PublishQueue;
    /** Counts runs, so each run's list is a new one (and takes focus). */
    run: number;
  } | null>(null);
  const publishRunning = useQueueRunning(publishing?.queue ?? null);
  const storeActions = can.useStore(role) && store.connected;
  if (selection.size === 0 && !printing && !publishing && !editing) return <div className="bulk-bar-space" />;

  const selectedInStore = storeActions
    ? items.filter((item) => item.storeProductId && selection.has(item._id)).length
    : 0;

  /** Publishes (or unpublishes) the selected items, one call per item; unpublishing skips items never published. */
  function sendToStore(action: PublishAction) {
    if (publishRunning) return;
    const chosen = items.filter(
      (item) => selection.has(item._id) && (action === "publish" || Boolean(item.storeProductId)),
    );
    if (chosen.length === 0) return;
    const method = action === "publish" ? METHOD.STORE_PUBLISH : METHOD.STORE_UNPUBLISH;
    const queue = createPublishQueue({
      items: chosen.map((item) => ({ id: item._id, title: item.title })),
      send: (id) => call(method, id),
      describeError: errorMessage,
    });
    setPublishing((current) => ({ action, queue, run: (current?.run ?? 0) + 1 }));
    void queue.run();
  }

  /** A job answered: its bar goes (another started meanwhile keeps its own). */
  function jobEnded(id: string) {
    setStatusJob((current) => (current?.id === id ? null : current));
  }

  async function applyStatus() {
    // A status is the product's: variants chosen on their own do not carry it.
    const ids = [...selection.itemIds];
    setMessage(null);
    // One call: the server sets it as a job, LIMITS.BULK items at a time, which goes on if this tab closes;
    // its bar follows the job's progress.
    const jobId = randomId();
    setStatusJob({ id: jobId, total: ids.length, label: "Changing status" });
    try {
      const changed = await call(METHOD.ITEMS_SET_STATUS, ids, status, jobId);
      setMessage({ text: `${changed.toLocaleString()} set to ${status}`, error: false });
    } catch (caught) {
      setMessage({ text: errorMessage(caught), error: true });
    } finally {
      jobEnded(jobId);
    }
  }

  return (
    <>
      <div className="bulk-bar" role="toolbar" aria-label="Selected items">
        <strong data-testid="selected-count">{selection.size.toLocaleString()} selected</strong>
        {hiddenSelected > 0 && (
          <span className="muted small">({hiddenSelected.toLocaleString()} not shown by the filters)</span>
        )}
        {canEdit && (
          <>
            <label>
              Set status{" "}
              <select
                aria-label="Status for selected items"
                value={status}
                onChange={(e) => setStatus(e.target.value as ItemStatus)}
              >
                {ITEM_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {s}
                  </option>
                ))}
              </select>
            </label>
            <button type="button" disabled={progress !== null || selection.size === 0} onClick={applyStatus}>
              Apply
            </button>
            <button
              type="button"
              className="secondary"
              aria-expanded={editing}
              disabled={selection.size === 0}
              onClick={() => setEditing((open) => !open)}
            >
              Edit selected…
            </button>
          </>
        )}
        {storeActions && (
          <>
            <button
              type="button"
              className="secondary"
              disabled={publishRunning || selection.size === 0}
              onClick={() => sendToStore("publish")}
            >
              Publish to store
            </button>
            <button
              type="button"
              className="secondary"
              disabled={publishRunning || selectedInStore === 0}
              title={selectedInStore === 0 ? "None of the selected items is in the store" : undefined}
              onClick={() => sendToStore("unpublish")}
            >
              Unpublish
            </button>
          </>
        )}
        <button
          type="button"
          className="secondary"
          disabled={selection.size === 0}
          onClick={() => setPrinting(items.filter((item) => selection.has(item._id)))}
        >
          Print labels
        </button>
        <button type="button" className="link-button" onClick={selection.clear}>
          Clear selection
        </button>
        {progress && (
          <progress
            aria-label={statusJob?.label}
            max={progress.total}
            value={progress.done}
            title={`${progress.done.toLocaleString()} of ${progress.total.toLocaleString()}`}
          />
        )}
        {message && (
          <span role={message.error ? "alert" : "status"} className={message.error ? "error" : "muted"}>
            {message.text}
          </span>
        )}
      </div>
      {editing && selection.size > 0 && (
        <BulkEditPanel
          {...variantSelection(selection.ids, items)}
          onClose={() => setEditing(false)}
          onJob={(job) => setStatusJob({ ...job, label: "Editing selected items" })}
          onJobEnded={jobEnded}
        />
      )}
      {publishing && (
        <PublishProgress
          key={publishing.run}
          queue={publishing.queue}
          action={publishing.action}
          onDismiss={() => setPublishing(null)}
        />
      )}
      {printing && (
        <Suspense fallback={<p className="muted">Preparing labels…</p>}>
          <LabelsPanel items={printing} onClose={() => setPrinting(null)} />
        </Suspense>
      )}
    </>
  );
}
