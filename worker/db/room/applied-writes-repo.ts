/**
 * The writes method calls made, each with what it answered
 * (docs/architecture.md §10). A row is written in the same turn as the write
 * it names — the room's SQLite commits a turn's statements together — so
 * a crash keeps both or neither.
 */
import { eq, inArray, lt } from "drizzle-orm";
import { parse, stringify } from "../../../protocol/ejson";
import type { RoomDatabase } from "./room-database";
import { appliedWrites } from "./room-schema";

/** How long a call's writes are remembered: longer than a phone keeps a call waiting offline in practice. */
export const APPLIED_WRITES_KEPT_MS = 30 * 24 * 60 * 60_000;
/** Rows removed per prune (it runs with the room's alarm), so a busy room's backlog goes a slice at a time. */
const PRUNED_PER_CALL = 5_000;

export interface AppliedWrite {
  answer: unknown;
}

export class AppliedWrites {
  constructor(
    private readonly db: RoomDatabase,
    private readonly now: () => number,
  ) {}

  find(key: string): AppliedWrite | null {
    const row = this.db.select().from(appliedWrites).where(eq(appliedWrites.key, key)).get();
    return row ? { answer: row.answer === "" ? undefined : parse(row.answer) } : null;
  }

  record(key: string, answer: unknown): void {
    this.db
      .insert(appliedWrites)
      .values({ key, answer: answer === undefined ? "" : stringify(answer), at: this.now() })
      .onConflictDoNothing()
      .run();
  }

  /** Forgets writes older than APPLIED_WRITES_KEPT_MS, a slice at a time. */
  prune(): void {
    const old = this.db
      .select({ key: appliedWrites.key })
      .from(appliedWrites)
      .where(lt(appliedWrites.at, this.now() - APPLIED_WRITES_KEPT_MS))
      .limit(PRUNED_PER_CALL);
    this.db.delete(appliedWrites).where(inArray(appliedWrites.key, old)).run();
  }
}
