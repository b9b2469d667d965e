/**
 * The client's side of the server's call budget (protocol/constants.ts):
 * at most `limit` counted calls sent in any `windowMs`. Kept a little under
 * the server's figure, so network jitter never turns pacing into refusals —
 * and a burst (a thousand edits made offline, sent when the line is back)
 * goes at the pace the server takes, with nothing refused and no
 * connection closed as a flood.
 */
export class SendBudget {
  private readonly sentAt: number[] = [];

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  /** Counts one send at `now` if the budget allows it. */
  take(now: number): boolean {
    this.forgetBefore(now - this.windowMs);
    if (this.sentAt.length >= this.limit) return false;
    this.sentAt.push(now);
    return true;
  }

  /** When the next send will be allowed (ms since the epoch; `now` if it is already). */
  nextFreeAt(now: number): number {
    this.forgetBefore(now - this.windowMs);
    if (this.sentAt.length < this.limit) return now;
    return (this.sentAt[0] as number) + this.windowMs;
  }

  /** A new socket is a new connection to the server, with budgets of its own. */
  reset(): void {
    this.sentAt.length = 0;
  }

  private forgetBefore(time: number): void {
    let drop = 0;
    while (drop < this.sentAt.length && (this.sentAt[drop] as number) <= time) drop++;
    if (drop > 0) this.sentAt.splice(0, drop);
  }
}
