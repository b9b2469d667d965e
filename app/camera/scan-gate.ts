/**
 * A camera sees the same label or barcode in frame after frame; one held in
 * view must count once. A code counts when it comes into view: the first
 * time, after another code, or after it has been out of view for `awayMs`
 * (the phone moved on to the next jug and back to this one's twin).
 *
 * A product barcode read by a reader that does not confirm its reads (the
 * platform's BarcodeDetector) counts only once two frames in a row read it
 * the same (docs/stock.md): a single misread, valid check digit and all,
 * would count or receive the wrong item. QR labels carry their own error
 * correction and count at once.
 */
export class ScanGate {
  private code: string | null = null;
  private seenAt = Number.NEGATIVE_INFINITY;
  /** Frames in a row that read `code`, and whether it has counted since it came into view. */
  private reads = 0;
  private counted = false;

  constructor(
    private readonly awayMs = 1000,
    /** How many frames in a row must read a code before it counts. */
    private readonly readsNeeded: (code: string) => number = () => 1,
  ) {}

  /** Tells the gate a frame showed `code`; true when it should count. */
  seen(code: string, now: number): boolean {
    const fresh = code !== this.code || now - this.seenAt >= this.awayMs;
    if (fresh) {
      this.reads = 0;
      this.counted = false;
    }
    this.code = code;
    this.seenAt = now;
    this.reads++;
    if (this.counted || this.reads < this.readsNeeded(code)) return false;
    this.counted = true;
    return true;
  }

  /** A frame showed no code: a code read in the frames before it no longer reads in a row. */
  missed(): void {
    if (!this.counted) this.reads = 0;
  }
}
