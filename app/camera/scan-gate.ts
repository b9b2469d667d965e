/**
 * A camera sees the same label or barcode in frame after frame; one held in
 * view must count once. A code counts when it comes into view: the first
 * time, after another code, or after it has been out of view for `awayMs`
 * (the phone moved on to the next jug and back to this one's twin).
 */
export class ScanGate {
  private code: string | null = null;
  private seenAt = Number.NEGATIVE_INFINITY;

  constructor(private readonly awayMs = 1000) {}

  /** Tells the gate a frame showed `code`; true when it should count. */
  seen(code: string, now: number): boolean {
    const fresh = code !== this.code || now - this.seenAt >= this.awayMs;
    this.code = code;
    this.seenAt = now;
    return fresh;
  }
}
