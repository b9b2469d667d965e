/**
 * When a part of the app could not be fetched (a page's code, with no line
 * to the server and nothing kept of it yet), the page says so instead of
 * staying blank, and loads again by itself as soon as the server answers —
 * or at once when the person presses "Try again".
 */
import { Component, type ErrorInfo, type ReactNode, useEffect } from "react";

/** How often the page checks whether the server answers again. */
const RETRY_MS = 5_000;

function LoadFailed() {
  useEffect(() => {
    let stopped = false;
    const check = async () => {
      try {
        const response = await fetch("/", { cache: "no-store" });
        if (!stopped && response.ok) window.location.reload();
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
  }, []);
  return (
    <main className="page narrow empty-state" role="alert">
      <h1>This page could not load</h1>
      <p>
        Stockroom could not reach the server to fetch this part of the app. It loads again by itself as soon as the
        server answers.
      </p>
      <p>
        <button type="button" className="ui-button ui-button-primary" onClick={() => window.location.reload()}>
          Try again
        </button>
      </p>
    </main>
  );
}

export class PageLoadFailed extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error("stockroom: a page could not be shown", error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failed ? <LoadFailed /> : this.props.children;
  }
}
