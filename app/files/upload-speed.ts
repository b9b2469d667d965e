/**
 * An upload's speed in bytes per second, smoothed over roughly the last few
 * seconds, from the bytes the server has acknowledged so far: where the
 * speed and time left under a progress bar come from (UploadProgress.tsx).
 * Kept apart from the sending (upload.ts), which samples it as chunks and
 * parts are acknowledged.
 */

/** Speed is smoothed over roughly the last few seconds. */
const SPEED_SMOOTHING = 0.3;

/** Readings closer together than this (in seconds) are too short to measure: the speed stays as it was. */
const MIN_SAMPLE_SECONDS = 0.2;

export class SpeedSampler {
  private lastSample = { at: 0, bytes: 0 };

  /** Measures from now, with `bytes` acknowledged (the upload starts, or goes again with what the server lost). */
  restart(bytes: number): void {
    this.lastSample = { at: Date.now(), bytes };
  }

  /** The speed now that `bytes` are acknowledged, smoothing `speed` (0 before the first reading). */
  sample(speed: number, bytes: number): number {
    const now = Date.now();
    const elapsed = (now - this.lastSample.at) / 1000;
    if (elapsed >= MIN_SAMPLE_SECONDS) {
      const instant = (bytes - this.lastSample.bytes) / elapsed;
      this.lastSample = { at: now, bytes };
      return speed === 0 ? instant : speed * (1 - SPEED_SMOOTHING) + instant * SPEED_SMOOTHING;
    }
    return speed;
  }
}
