/**
 * A handheld scanner that bounces sends the same code twice in a blink;
 * counted twice, a shelf of five reads as six (docs/stock.md). The same
 * code again within BOUNCE_MS of the last is a bounce: said, not counted.
 * A person scanning the next unit of the same item takes longer than that.
 */
export const BOUNCE_MS = 150;

/** A guard for one scan box: `isBounce(code, now)` is true for the same code again within BOUNCE_MS. */
export function bounceGuard(): (code: string, now: number) => boolean {
  let last = "";
  let lastAt = Number.NEGATIVE_INFINITY;
  return (code, now) => {
    const bounce = code === last && now - lastAt < BOUNCE_MS;
    last = code;
    lastAt = now;
    return bounce;
  };
}

/** What a bounce says, so the person knows it was counted once. */
export const bounceText = (what: string) =>
  `${what} came twice within ${BOUNCE_MS / 1000} s (the scanner bounced): counted once. Scan it again to count another.`;
