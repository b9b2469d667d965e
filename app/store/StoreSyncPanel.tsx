import { type ReactNode, useId, useState } from "react";
import { can, METHOD, type RoomRole, type StoreSyncDoc, type StoreSyncPhase } from "../../protocol/api";
import { RelativeTime } from "../catalogue/RelativeTime";
import { useCall } from "../live-api";
import { useStoreState } from "./store-state";
import "./store.css";
import { ActionOutcome } from "./ActionOutcome";

const PHASES: readonly StoreSyncPhase[] = ["products", "orders", "customers"];
const SINGULAR: Record<StoreSyncPhase, string> = { products: "product", orders: "order", customers: "customer" };

const number = (n: number) => n.toLocaleString();

/** "1 product", "340 orders". */
function countOf(phase: StoreSyncPhase, n: number): string {
  return `${number(n)} ${n === 1 ? SINGULAR[phase] : phase}`;
}

/** "12 products, 340 orders, 55 customers". */
export function syncCounts(counts: StoreSyncDoc["counts"] | undefined): string {
  return PHASES.map((phase) => countOf(phase, counts?.[phase] ?? 0)).join(", ");
}

/** What the progress bar is labelled with: "Syncing orders… 1,250 of 10,000". */
export function syncProgressLabel(sync: Pick<StoreSyncDoc, "phase" | "done" | "total">): string {
  if (!sync.phase) return "Starting the sync…";
  const amount =
    sync.total > 0
      ? ` ${number(Math.min(sync.done, sync.total))} of ${number(sync.total)}`
      : sync.done > 0
        ? ` ${number(sync.done)} so far`
        : "";
  return `Syncing ${sync.phase}…${amount}`;
}

/**
 * Brings the connected store's products, orders and customers into the room
 * (an incremental sync, or a full one), with the running sync's progress and
 * how the last one ended. Everyone in the room sees the state; owners,
 * admins and members start a sync. Meant for inside the Online store panel
 * when a store is connected.
 */
export function StoreSyncPanel({ role }: { role: RoomRole | null }) {
  const { loading, sync } = useStoreState();
  const call = useCall();
  const [starting, setStarting] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const headingId = useId();
  const labelId = useId();
  const allowed = can.useStore(role);
  const running = sync?.running === true;
  // Not `disabled`: a disabled button drops keyboard focus, and these come back once the sync ends.
  const blocked = running || starting;

  async function start(full: boolean) {
    if (blocked) return;
    setStarting(true);
    setNotice(null);
    setError(null);
    try {
      const { started } = await call(METHOD.STORE_SYNC, { full });
      if (!started) setNotice("A sync is already running; its progress is shown here.");
    } catch (caught) {
      setError(caught);
    } finally {
      setStarting(false);
    }
  }

  let state: ReactNode;
  if (loading) {
    state = <p className="muted small">Checking the last sync…</p>;
  } else if (sync && running) {
    const step = sync.phase ? PHASES.indexOf(sync.phase) + 1 : 0;
    state = (
      <div className="store-sync-progress" data-testid="store-sync-progress">
        <p id={labelId} className="store-sync-label">
          {syncProgressLabel(sync)}
        </p>
        {sync.total > 0 ? (
          <progress aria-labelledby={labelId} max={sync.total} value={Math.min(sync.done, sync.total)} />
        ) : (
          // No value: an indeterminate bar while the store has not said how many there are.
          <progress aria-labelledby={labelId} />
        )}
        <p className="muted small">
          {sync.full ? "Full sync" : "Changes since the last sync"}
          {step > 0 && `, step ${step} of ${PHASES.length}`}
          {sync.startedAt instanceof Date && (
            <>
              , started <RelativeTime date={sync.startedAt} />
            </>
          )}
          . So far: {syncCounts(sync.counts)}.
        </p>
      </div>
    );
  } else if (sync?.error) {
    state = (
      <div className="store-sync-result">
        <p role="alert" className="error store-sync-error" data-testid="store-sync-error">
          Sync stopped: {sync.error.replace(/[.\s]+$/, "")}. What was synced is kept; the next sync goes on from there.
        </p>
        <p className="muted small">
          {sync.finishedAt instanceof Date && (
            <>
              Stopped <RelativeTime date={sync.finishedAt} />.{" "}
            </>
          )}
          {sync.startedAt instanceof Date && <>Synced before it stopped: {syncCounts(sync.counts)}.</>}
        </p>
      </div>
    );
  } else if (sync?.finishedAt instanceof Date) {
    // Without startedAt the server only knows when the last sync ended (e.g. after a restart), not what it brought.
    const known = sync.startedAt instanceof Date;
    const skipped = known ? (sync.skipped ?? 0) : 0;
    state = (
      <>
        <p className="store-sync-result" data-testid="store-sync-summary">
          Last synced <RelativeTime date={sync.finishedAt} />
          {known && <> — {syncCounts(sync.counts)}</>}
          {known && sync.full && <span className="muted"> (full sync)</span>}
        </p>
        {skipped > 0 && (
          <p role="status" className="muted small" data-testid="store-sync-skipped">
            {skipped === 1 ? "1 store product was" : `${skipped.toLocaleString()} store products were`} not brought in;
            the next sync tries again.
          </p>
        )}
      </>
    );
  } else {
    state = (
      <p className="muted small" data-testid="store-sync-summary">
        Not synced yet.{" "}
        {allowed
          ? "Sync brings the store's products, orders and customers into this room; later syncs fetch only what changed."
          : "Once someone syncs, the store's products, orders and customers show here."}
      </p>
    );
  }

  return (
    <section className="store-sync" aria-labelledby={headingId} aria-busy={running}>
      <h3 id={headingId}>Sync from the store</h3>
      {state}
      {allowed && (
        <div className="form-actions store-sync-actions">
          <button type="button" aria-disabled={blocked} onClick={() => start(false)}>
            {starting ? "Starting…" : running ? "Syncing…" : "Sync now"}
          </button>
          <button
            type="button"
            className="secondary"
            aria-disabled={blocked}
            aria-describedby={`${headingId}-full`}
            onClick={() => start(true)}
          >
            Full sync
          </button>
          <span id={`${headingId}-full`} className="muted small">
            A full sync fetches everything again, not only what changed.
          </span>
        </div>
      )}
      <ActionOutcome notice={notice} error={error} />
    </section>
  );
}
