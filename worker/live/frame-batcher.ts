import { BATCH_FRAME_CHARS } from "../../protocol/constants";

/**
 * Frames for a client that reads batches (connect `batch: true`): everything
 * pushed in one turn of the event loop goes out together, in order, as one
 * JSON array of messages of at most BATCH_FRAME_CHARS (a single bigger
 * message goes alone).
 */
export class FrameBatcher {
  private queued: string[] = [];
  private queuedChars = 0;
  private flushScheduled = false;

  constructor(private readonly sendFrame: (frame: string) => void) {}

  push(frame: string): void {
    // Brackets and commas count too: the frame sent must stay under the limit.
    if (this.queuedChars + frame.length + 2 > BATCH_FRAME_CHARS) this.flush();
    this.queued.push(frame);
    this.queuedChars += frame.length + 1;
    if (!this.flushScheduled) {
      this.flushScheduled = true;
      queueMicrotask(() => this.flush());
    }
  }

  /** Sends what is queued: at the end of the turn, or at once before the server closes the socket. */
  flush(): void {
    this.flushScheduled = false;
    if (this.queued.length === 0) return;
    const frames = this.queued;
    this.queued = [];
    this.queuedChars = 0;
    this.sendFrame(frames.length === 1 ? (frames[0] as string) : `[${frames.join(",")}]`);
  }
}
