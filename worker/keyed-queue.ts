/**
 * Work run one at a time per key: each piece starts once the one before it
 * for the same key has settled, whether it succeeded or failed. A key is
 * forgotten as soon as nothing is queued for it.
 */
export class KeyedQueue {
  private readonly tails = new Map<string, Promise<void>>();

  run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const next = (this.tails.get(key) ?? Promise.resolve()).then(work);
    const settled = next.then(
      () => {},
      () => {},
    );
    this.tails.set(key, settled);
    void settled.then(() => {
      if (this.tails.get(key) === settled) this.tails.delete(key);
    });
    return next;
  }

  /** Settles once everything queued for `key` so far has; undefined when nothing is. */
  tail(key: string): Promise<void> | undefined {
    return this.tails.get(key);
  }
}

/** Waits for `promise` to settle, or `ms`, whichever comes first. */
export async function settledWithin(promise: Promise<unknown>, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const limit = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
  });
  await Promise.race([promise.catch(() => {}), limit]);
  clearTimeout(timer);
}
