/**
 * Sends what a room owes the directory (docs/architecture.md §2, the
 * outbox), one flush after another. What D1 did not take waits for the
 * room's alarm at its back-off time, or for the next flush.
 */
import { openDatabase } from "../db/directory/database";
import { flushDirectoryOutbox } from "../db/room/directory-outbox";
import type { RoomDatabase } from "../db/room/room-database";

export class DirectorySync {
  /** The flush in progress, if any. */
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly roomDb: RoomDatabase,
    private readonly directory: D1Database,
    private readonly wakeAt: (at: number) => Promise<void>,
  ) {}

  flush(): Promise<void> {
    const run = async () => {
      const { nextDueAt } = await flushDirectoryOutbox(this.roomDb, openDatabase(this.directory), Date.now());
      if (nextDueAt !== null) await this.wakeAt(nextDueAt);
    };
    this.flushing = this.flushing.then(run).catch((error: unknown) => {
      console.error("directory: flush failed", error);
    });
    return this.flushing;
  }
}
