import { BATCH_FRAME_CHARS } from "../../protocol/constants";

/**
 * Frames for a client that reads batches (connect `batch: true`): messages
 * go out together, in order, as one JSON array of at most BATCH_FRAME_CHARS
 * (a single bigger message goes alone).
 *
 * When: at the end of the turn they were pushed in — except that data
 * messages (`added`/`changed`/`removed` for other people's changes) are
 * held while this connection got a frame less than DATA_FRAME_INTERVAL ago,
 * so a busy room sends each subscriber at most one data frame per interval,
 * however many changes it makes. Under a flood of writes that turns
 * hundreds of small frames into a few larger ones (the runtime's cost is
 * per frame), leaving room for everyone else. Anything that is not data (a
 * method's `result`/`updated`, `ready`, `nosub`, `pong`) goes out at the
 * end of its turn as before, with whatever data is queued ahead of it, in
 * order — so a caller never waits for the interval.
 */
export const DATA_FRAME_INTERVAL = 100;

export interface BatcherClock {
  now(): number;
  later(run: () => void, ms: number): void;
}

const realClock: BatcherClock = {
  now: () => Date.now(),
  later: (run, ms) => void setTimeout(run, ms),
};

/**
 * Batchers with something queued this turn, ended by one microtask: a change
 * fanned out to 300 connections queues one microtask, not 300.
 */
let endingThisTurn: FrameBatcher[] | null = null;

function endTurnOf(batcher: FrameBatcher): void {
  if (!endingThisTurn) {
    endingThisTurn = [];
    queueMicrotask(endTurn);
  }
  endingThisTurn.push(batcher);
}

function endTurn(): void {
  const batchers = endingThisTurn ?? [];
  endingThisTurn = null;
  for (const batcher of batchers) batcher.endOfTurn();
}

export class FrameBatcher {
  private queued: string[] = [];
  private queuedChars = 0;
  /** Something other than data is queued: send at the end of this turn. */
  private urgent = false;
  private flushScheduled = false;
  private timerSet = false;
  private lastSent = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly sendFrame: (frame: string) => void,
    private readonly clock: BatcherClock = realClock,
  ) {}

  /** Queues one encoded message; `data` marks added/changed/removed, which may wait for the interval. */
  push(frame: string, data = false): void {
    // Brackets and commas count too: the frame sent must stay under the limit.
    if (this.queuedChars + frame.length + 2 > BATCH_FRAME_CHARS) this.flush();
    this.queued.push(frame);
    this.queuedChars += frame.length + 1;
    if (!data) this.urgent = true;
    if (!this.flushScheduled) {
      this.flushScheduled = true;
      endTurnOf(this);
    }
  }

  /** Sends what is queued now (e.g. before the server closes the socket). */
  flush(): void {
    this.flushScheduled = false;
    this.urgent = false;
    if (this.queued.length === 0) return;
    const frames = this.queued;
    this.queued = [];
    this.queuedChars = 0;
    this.lastSent = this.clock.now();
    this.sendFrame(frames.length === 1 ? (frames[0] as string) : `[${frames.join(",")}]`);
  }

  /** Called once at the end of a turn in which something was queued. */
  endOfTurn(): void {
    this.flushScheduled = false;
    if (this.queued.length === 0) return;
    const wait = this.lastSent + DATA_FRAME_INTERVAL - this.clock.now();
    if (this.urgent || wait <= 0) {
      this.flush();
      return;
    }
    if (this.timerSet) return;
    this.timerSet = true;
    this.clock.later(() => {
      this.timerSet = false;
      this.flush();
    }, wait);
  }
}
