/**
 * Reconnect back-off (docs/protocol.md §1, Meteor's `retry` package). The first
 * `RETRY_MIN_COUNT` attempts are almost immediate because most drops are
 * momentary (a deploy, a network hand-over); after that the delay grows
 * exponentially up to five minutes, and the fuzz spreads a crowd of clients
 * that lost the same server so they do not all come back in the same second.
 */
import {
  RETRY_BASE,
  RETRY_EXPONENT,
  RETRY_FUZZ,
  RETRY_MAX,
  RETRY_MIN_COUNT,
  RETRY_MIN_TIMEOUT,
} from "../../protocol/constants";

/**
 * Milliseconds to wait before attempt number `count` (0-based).
 *
 * The cap is applied before the fuzz, as Meteor does, so a capped delay still
 * varies between 0.75 × and 1.25 × five minutes.
 *
 * @example
 * retryDelay(0); // 10
 * retryDelay(2, () => 0.5); // 4840
 */
export function retryDelay(count: number, random: () => number = Math.random): number {
  if (count < RETRY_MIN_COUNT) return RETRY_MIN_TIMEOUT;
  const delay = Math.min(RETRY_MAX, RETRY_BASE * RETRY_EXPONENT ** count);
  return delay * (1 - RETRY_FUZZ / 2 + RETRY_FUZZ * random());
}
