/**
 * How one connection is kept from flooding its room (beyond Meteor):
 * - at most MAX_WAITING_MESSAGES frames wait behind the one being processed;
 *   past that, calls and subscriptions are refused at once with
 *   `too-many-requests` instead of queueing without bound;
 * - a client that keeps calling after being told to wait — MAX_REFUSALS
 *   refusals within REFUSAL_WINDOW_MS — is flooding on purpose or by a bug,
 *   and its connection is closed (1008, policy) so its messages stop costing
 *   the room; it must reconnect, and the edge limits how fast.
 */
import type { ClientMessage, ServerMessage } from "../../protocol/ddp";
import { tooManyRequests } from "./rate-limit-rules";

export const MAX_WAITING_MESSAGES = 100;
/** What a call refused for a full queue is told to wait. */
export const BACKLOG_RETRY_MS = 1_000;
export const MAX_REFUSALS = 200;
const REFUSAL_WINDOW_MS = 10_000;
export const CLOSE_FLOODING = 1008;

export class PushBack {
  /** Frames received and not yet being processed. */
  private waiting = 0;
  private refusals = 0;
  private windowStart = Number.NEGATIVE_INFINITY;

  /** Frames waiting behind the one being processed. */
  get waitingCount(): number {
    return this.waiting;
  }

  /** Whether another frame may wait its turn. */
  get full(): boolean {
    return this.waiting >= MAX_WAITING_MESSAGES;
  }

  queued(): void {
    this.waiting++;
  }

  started(): void {
    this.waiting--;
  }

  /** Counts a `too-many-requests` answer; true when the connection should now be closed. */
  refused(now: number): boolean {
    if (now - this.windowStart >= REFUSAL_WINDOW_MS) {
      this.windowStart = now;
      this.refusals = 0;
    }
    this.refusals++;
    return this.refusals === MAX_REFUSALS;
  }
}

/**
 * The answer to a call or subscription refused because its connection's
 * queue is full (`too-many-requests`, wait BACKLOG_RETRY_MS); null for any
 * other message, which queues as usual.
 */
export function backlogRefusal(message: ClientMessage): ServerMessage[] | null {
  const error = tooManyRequests(BACKLOG_RETRY_MS).toWire();
  if (message.msg === "method") {
    return [
      { msg: "result", id: message.id, error },
      { msg: "updated", methods: [message.id] },
    ];
  }
  if (message.msg === "sub") return [{ msg: "nosub", id: message.id, error }];
  return null;
}
