import { useEffect, useState } from "react";
import { useConnection, useStatus } from "../live";

function secondsUntil(time: number | undefined, now: number): number {
  return time === undefined ? 0 : Math.max(0, Math.ceil((time - now) / 1000));
}

/** Live connection status, with a countdown and "retry now" while waiting. */
export function ConnectionBadge() {
  const status = useStatus();
  const connection = useConnection();
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (status.status !== "waiting") return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [status.status]);

  let label: string;
  switch (status.status) {
    case "connected":
      label = "Live";
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
      {(status.status === "waiting" || status.status === "offline") && (
        <button type="button" className="link-button" onClick={() => connection.reconnect()}>
          {status.status === "waiting" ? "Retry now" : "Reconnect"}
        </button>
      )}
    </output>
  );
}
