/**
 * A message the person can put away once read: an error about one file, a
 * note about an item just made. It stays until dismissed (a timed notice
 * could go before it was read).
 */
import type { ReactNode } from "react";

export function Dismissible({
  tone,
  children,
  onDismiss,
  dismissLabel = "Dismiss",
}: {
  tone: "error" | "note";
  children: ReactNode;
  onDismiss(): void;
  dismissLabel?: string;
}) {
  return (
    <div className={`dismissible ${tone === "error" ? "error" : "muted"}`} role={tone === "error" ? "alert" : "status"}>
      <p>{children}</p>
      <button type="button" className="ui-button ui-button-ghost ui-button-sm" onClick={onDismiss}>
        {dismissLabel}
      </button>
    </div>
  );
}
