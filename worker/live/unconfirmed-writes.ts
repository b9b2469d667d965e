/**
 * Key-value rows the live layer keeps for speed, not for correctness (method
 * results for re-sent calls, call-budget counts), written together in a turn
 * of their own with `allowUnconfirmed`: the output gate then holds no reply
 * until they are stored (it holds a turn's frames until that turn's writes
 * are), and a busy moment writes many rows in one `put`. Until written they
 * are read from here. A crash at that moment loses only such rows: a re-sent
 * call then runs again, a budget counts from a little lower.
 */

/** Rows written per `put` (the storage takes at most 128 keys at once). */
const ROWS_PER_PUT = 128;

/**
 * Rows set within this long are stored in one write: a person editing cell
 * after cell costs one storage write per burst, not one per edit (profiled:
 * a tenth of an edit's CPU).
 */
const WRITE_DELAY_MS = 25;

export class UnconfirmedWrites<T> {
  private readonly unwritten = new Map<string, T>();
  private writeScheduled = false;

  constructor(
    private readonly storage: DurableObjectStorage,
    private readonly what: string,
  ) {}

  /** The row as last set here and not yet written, if it is. */
  pending(key: string): T | undefined {
    return this.unwritten.get(key);
  }

  set(key: string, value: T): void {
    this.unwritten.set(key, value);
    if (this.writeScheduled) return;
    this.writeScheduled = true;
    setTimeout(() => this.write(), WRITE_DELAY_MS);
  }

  private write(): void {
    this.writeScheduled = false;
    const entries = [...this.unwritten];
    this.unwritten.clear();
    for (let i = 0; i < entries.length; i += ROWS_PER_PUT) {
      this.storage
        .put(Object.fromEntries(entries.slice(i, i + ROWS_PER_PUT)), { allowUnconfirmed: true })
        .catch((error) => console.error(`live: could not store ${this.what}`, error));
    }
  }
}
