/**
 * When a page cannot be shown, it says so instead of staying blank. A part
 * of the app that could not be fetched (no line to the server, nothing kept
 * of it yet) loads again by itself as soon as the server answers — a few
 * times at most, so a part that is really gone never reloads the page in a
 * loop — or at once when the person presses "Try again". Any other error is
 * said plainly, with a way to reload, and logged.
 */
import { Component, type ErrorInfo, type ReactNode, useEffect, useState } from "react";

/** How often the page checks whether the server answers again. */
const RETRY_MS = 5_000;
/** Reloads by itself at most this many times in RELOAD_WINDOW_MS (kept for the tab). */
const MAX_RELOADS = 3;
const RELOAD_WINDOW_MS = 10 * 60_000;
const RELOADS_KEY = "stockroom.pageReloads";

/** The browsers' words when a lazily loaded module could not be fetched. */
export function isCodeLoadError(error: unknown): boolean {
  const text = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported|ChunkLoadError|Failed to fetch/i.test(
    text,
  );
}

/** This tab's reloads by itself within the window. */
function recentReloads(now = Date.now()): number[] {
  try {
    const kept: unknown = JSON.parse(sessionStorage.getItem(RELOADS_KEY) ?? "[]");
    return Array.isArray(kept)
      ? kept.filter((at): at is number => typeof at === "number" && now - at < RELOAD_WINDOW_MS)
      : [];
  } catch {
    return [];
  }
}

/** Reloads once more by itself, counted. */
function reloadByItself(): void {
  try {
    sessionStorage.setItem(RELOADS_KEY, JSON.stringify([...recentReloads(), Date.now()]));
  } catch {
    // Not counted: storage refused. The page reloads anyway, as asked once.
  }
  window.location.reload();
}

function LoadFailed() {
  // Decided once: with the reloads used up, the page waits for the person instead of checking the server.
  const [byItself] = useState(() => recentReloads().length < MAX_RELOADS);
  useEffect(() => {
    if (!byItself) return;
    let stopped = false;
    const check = async () => {
      try {
        const response = await fetch("/", { cache: "no-store" });
        if (!stopped && response.ok) {
          stopped = true;
          reloadByItself();
        }
      } catch {
        // Still no line: try again later.
      }
    };
    const timer = window.setInterval(() => void check(), RETRY_MS);
    const online = () => void check();
    window.addEventListener("online", online);
    return () => {
      stopped = true;
      window.clearInterval(timer);
      window.removeEventListener("online", online);
    };
  }, [byItself]);
  return (
    <main className="page narrow empty-state" role="alert">
      <h1>This page could not load</h1>
      <p>
        Stockroom could not reach the server to fetch this part of the app.{" "}
        {byItself
          ? "It loads again by itself as soon as the server answers."
          : "Press Try again once you are back online."}
      </p>
      <p>
        <button type="button" className="ui-button ui-button-primary" onClick={() => window.location.reload()}>
          Try again
        </button>
      </p>
    </main>
  );
}

function ShowFailed() {
  return (
    <main className="page narrow empty-state" role="alert">
      <h1>Something went wrong on this page</h1>
      <p>Nothing you saved is lost. Reloading the page usually puts it right.</p>
      <p>
        <button type="button" className="ui-button ui-button-primary" onClick={() => window.location.reload()}>
          Reload
        </button>
      </p>
    </main>
  );
}

export class PageLoadFailed extends Component<{ children: ReactNode }, { failed: "code" | "other" | null }> {
  override state: { failed: "code" | "other" | null } = { failed: null };

  static getDerivedStateFromError(error: unknown): { failed: "code" | "other" } {
    return { failed: isCodeLoadError(error) ? "code" : "other" };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error("stockroom: a page could not be shown", error, info.componentStack);
  }

  override render(): ReactNode {
    if (this.state.failed === "code") return <LoadFailed />;
    if (this.state.failed === "other") return <ShowFailed />;
    return this.props.children;
  }
}
