/**
 * The host's change stream. Features call `emit` after every write; running
 * subscriptions listen. `settled()` is the write fence: a method's `updated`
 * message waits for it, so the client hears `updated` only after the data
 * its method caused has been queued to it.
 */
import type { Change } from "./types";

type Listener = (change: Change) => void | Promise<void>;

export class ChangeHub {
  private readonly listeners = new Set<Listener>();
  private readonly pending = new Set<Promise<void>>();

  listen(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(change: Change): void {
    for (const listener of [...this.listeners]) {
      try {
        const result = listener(change);
        if (result) this.track(result);
      } catch (error) {
        console.error("live: change listener failed", error);
      }
    }
  }

  /** Whether asynchronous fan-out is still running (then `settled()` is worth awaiting). */
  get busy(): boolean {
    return this.pending.size > 0;
  }

  /** Resolves once all asynchronous fan-out started so far has finished. */
  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }

  private track(work: Promise<void>): void {
    const tracked = work.catch((error: unknown) => console.error("live: change listener failed", error));
    this.pending.add(tracked);
    void tracked.finally(() => this.pending.delete(tracked));
  }
}
