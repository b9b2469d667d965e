import { useEffect, useState } from "react";
import { useConnection, usePendingCount, useStatus } from "../live";

function secondsUntil(time: number | undefined, now: number): number {
  return time === undefined ? 0 : Math.max(0, Math.ceil((time - now) / 1000));
}

const changes = (n: number) => `${n.toLocaleString()} ${n === 1 ? "change" : "changes"}`;

/**
 * Live connection status, with a countdown and "retry now" while waiting,
 * and the changes made here that the server has not confirmed yet:
 * "Saving 2 changes…" while connected, "Offline · 3 changes waiting" when not.
 */
export function ConnectionBadge() {
  const status = useStatus();
  const connection = useConnection();
  const pending = usePendingCount();
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (status.status !== "waiting") return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [status.status]);

  let label: string;
  switch (status.status) {
    case "connected":
      label = pending > 0 ? `Saving ${changes(pending)}…` : "Live";
      break;
    case "connecting":
      label = status.retryCount > 0 ? "Reconnecting…" : "Connecting…";
      break;
    case "waiting":
      label = `Reconnecting in ${secondsUntil(status.retryTime, now)} s`;
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
