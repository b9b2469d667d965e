import { useEffect, useState } from "react";
import { useConnection, usePendingCount, useStatus } from "../live";

function secondsUntil(time: number | undefined, now: number): number {
  return time === undefined ? 0 : Math.max(0, Math.ceil((time - now) / 1000));
}

const changes = (n: number) => `${n.toLocaleString()} ${n === 1 ? "change" : "changes"}`;

/** Whether the browser has a network at all (it says so through `online`/`offline` events). */
function useBrowserOnline(): boolean {
  const [online, setOnline] = useState(() => navigator.onLine !== false);
  useEffect(() => {
    const update = () => setOnline(navigator.onLine !== false);
    window.addEventListener("online", update);
    window.addEventListener("offline", update);
    return () => {
      window.removeEventListener("online", update);
      window.removeEventListener("offline", update);
    };
  }, []);
  return online;
}

/**
 * Live connection status, with a countdown and "retry now" while waiting,
 * and the changes made here that the server has not confirmed yet:
 * "Saving 2 changes…" while connected, "Offline · 3 changes waiting" when not.
 * With no network at all it says "Offline", not a countdown to a retry
 * that cannot work.
 */
export function ConnectionBadge() {
  const status = useStatus();
  const browserOnline = useBrowserOnline();
  const connection = useConnection();
  const pending = usePendingCount();
  const [now, setNow] = useState(() => Date.now());

  // The countdown ticks only while it is shown. (Retries go on with no network: a browser can be wrong
  // about being offline, and a retry that finds the line costs nothing.)
  const countingDown = status.status === "waiting" && browserOnline;
  useEffect(() => {
    if (!countingDown) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [countingDown]);

  let label: string;
  switch (status.status) {
    case "connected":
      label = pending > 0 ? `Saving ${changes(pending)}…` : "Live";
      break;
    case "connecting":
      label = !browserOnline ? "Offline" : status.retryCount > 0 ? "Reconnecting…" : "Connecting…";
      break;
    case "waiting":
      label = browserOnline ? `Reconnecting in ${secondsUntil(status.retryTime, now)} s` : "Offline";
      break;
    case "offline":
      label = "Offline";
      break;
    case "failed":
      label = `Connection failed${status.reason ? `: ${status.reason}` : ""}`;
      break;
  }

  return (
    <output
      className={`badge badge-${status.status}`}
      data-testid="connection-badge"
      data-status={status.status}
      aria-live="polite"
    >
      <span className="badge-dot" aria-hidden="true" />
      {label}
      {status.status !== "connected" && pending > 0 && (
        <span data-testid="changes-waiting"> · {changes(pending)} waiting</span>
      )}
      {(status.status === "waiting" || status.status === "offline") && (
        <button type="button" className="link-button" onClick={() => connection.reconnect()}>
          {status.status === "waiting" ? "Retry now" : "Reconnect"}
        </button>
      )}
    </output>
  );
}
