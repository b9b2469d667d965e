/**
 * Runs a room's writes one after another. A Durable Object handles other
 * messages while it awaits D1, so without this two edits of one item could
 * both read the same "before" version — and the dashboard, which counts
 * "before out, after in", would count it out twice.
 */
export class WriteQueue {
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(write: () => Promise<T>): Promise<T> {
    const result = this.tail.then(write);
    // A failed write answers its own caller; the next write still runs.
    this.tail = result.catch(() => {});
    return result;
  }
}
