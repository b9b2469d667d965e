/**
 * Bulk writes in a room (a stocktake applied, a status set on thousands of
 * items; imports later): a job works a chunk at a time. Each chunk's writes
 * and the job's new position commit in one transaction, so every chunk is
 * all or nothing and a job cut off by a restart goes on from its last
 * chunk when the room wakes. Each chunk is its own turn of the room's
 * write queue, so teammates' edits go between chunks rather than waiting
 * for the whole job; each chunk's progress is published (`bulkJobs`), so
 * screens show a progress bar.
 */
import { and, eq, gt, isNull, lt, or } from "drizzle-orm";
import { COLLECTION } from "../../protocol/api";
import type { BulkJobDoc } from "../../protocol/docs";
import { LiveError } from "../../protocol/errors";
import { newId } from "../db/directory/database";
import { APPLIED_WRITES_KEPT_MS } from "../db/room/applied-writes-repo";
import { type RoomStatement, runTogether, type StatementResults } from "../db/room/room-database";
import { type BulkJobRow, bulkJobs } from "../db/room/room-schema";
import { asDoc } from "../live/types";
import type { RoomHost } from "../rooms/room-host";
import { move, type Transitions } from "../transitions";

export type BulkJobStatus = BulkJobRow["status"];

/**
 * A job's states: it is `running`, a chunk at a time, until the chunk that
 * finishes it makes it `done`, or an error stops it `failed` (the chunks
 * before stay). Nothing leaves `done` or `failed`: an ended job is listed a
 * while, kept as long as calls' writes are remembered, then deleted.
 */
export const BULK_JOB_MOVES = {
  running: ["running", "done", "failed"],
  done: [],
  failed: [],
} as const satisfies Transitions<BulkJobStatus>;

/** Items one chunk looks at: one transaction's worth, a few milliseconds of the room's time. */
export const BULK_CHUNK = 500;
/** An ended job stays listed this long (a screen shows it finished). */
const ENDED_LISTED_MS = 10 * 60_000;

export type BulkKindName = BulkJobRow["kind"];

export interface ChunkProgress {
  /** Where the next chunk starts (the kind's own bookmark). */
  cursor: string;
  /** Units done so far, all chunks together. */
  done: number;
  /** What the job will answer, as it stands after this chunk. */
  result: object;
  finished: boolean;
}

/** Runs the chunk's statements with the job's progress, in one transaction; answers each statement's rows. */
export type CommitChunk = <const T extends readonly RoomStatement[]>(
  statements: T,
  progress: ChunkProgress,
) => StatementResults<T>;

export interface BulkKind {
  /**
   * One chunk of the job: reads what it needs, commits its writes through
   * `commit` (exactly once; its progress says when the job is finished),
   * then announces them.
   */
  chunk(host: RoomHost, job: BulkJobRow, commit: CommitChunk): Promise<void>;
}

const kinds = new Map<BulkKindName, BulkKind>();

/** Features name what their jobs do (the stocktake its apply, items their status change). */
export function registerBulkKind(name: BulkKindName, kind: BulkKind): void {
  kinds.set(name, kind);
}

export function toBulkJobDoc(row: BulkJobRow): BulkJobDoc {
  return {
    _id: row.id,
    kind: row.kind,
    subject: row.subject,
    done: row.done,
    total: row.total,
    status: row.status,
    startedBy: row.startedBy,
    startedAt: new Date(row.startedAt),
    finishedAt: row.finishedAt === null ? null : new Date(row.finishedAt),
  };
}

export function findJob(host: RoomHost, id: string): BulkJobRow | undefined {
  return host.roomDb.select().from(bulkJobs).where(eq(bulkJobs.id, id)).get();
}

/** Jobs running, and those ended in the last minutes (what the publication lists). */
export function listedJobs(host: RoomHost): BulkJobRow[] {
  return host.roomDb
    .select()
    .from(bulkJobs)
    .where(or(isNull(bulkJobs.finishedAt), gt(bulkJobs.finishedAt, host.now() - ENDED_LISTED_MS)))
    .all();
}

function announceJob(host: RoomHost, row: BulkJobRow, before: BulkJobRow | null): void {
  host.emit({
    collection: COLLECTION.BULK_JOBS,
    id: row.id,
    doc: asDoc(toBulkJobDoc(row)),
    previous: before ? asDoc(toBulkJobDoc(before)) : null,
  });
}

export interface NewBulkJob {
  /**
   * The job's id (a new one when not given). A job already under it is this
   * one run again (a re-sent call) only if it is of the same kind and
   * subject — and, for an id the caller chose (`callerChose`), theirs.
   */
  id?: string;
  /** The id came from the caller (so its screen can follow the job): another person's job under it is refused. */
  callerChose?: boolean;
  kind: BulkKindName;
  subject?: string;
  params: unknown;
  total: number;
  startedBy: string;
}

/**
 * Starts a job (or finds the one with this id) and runs it to its end;
 * answers it ended (its `result` says what it did). A job that fails
 * rejects with its error, its chunks done so far kept. Starting is a write
 * of the call that asks (write-queue.ts): the call run again finds the job
 * it started — ended jobs are kept as long as calls' writes are
 * remembered — and answers what it did.
 */
export async function runNewBulkJob(host: RoomHost, job: NewBulkJob): Promise<BulkJobRow> {
  if (!kinds.has(job.kind)) throw new Error(`bulk job kind ${job.kind} is not registered`);
  const id = await host.writes.run(async () => startBulkJobNow(host, job), job.startedBy);
  return runBulkJob(host, id);
}

/**
 * Records a job, to run once the caller's write turn is over (`runBulkJob`):
 * for a write that starts one as part of itself. The caller holds host.writes.
 */
export function startBulkJobNow(host: RoomHost, job: NewBulkJob): string {
  const now = host.now();
  const id = job.id ?? newId();
  // Ended jobs go once no re-sent call can ask for them any more.
  host.roomDb
    .delete(bulkJobs)
    .where(lt(bulkJobs.finishedAt, now - APPLIED_WRITES_KEPT_MS))
    .run();
  const [inserted] = runTogether(host.roomDb, [
    host.roomDb
      .insert(bulkJobs)
      .values({
        id,
        kind: job.kind,
        subject: job.subject ?? "",
        params: JSON.stringify(job.params),
        total: job.total,
        status: "running",
        startedBy: job.startedBy,
        startedAt: now,
      })
      .onConflictDoNothing()
      .returning(),
  ]);
  if (inserted[0]) announceJob(host, inserted[0], null);
  else {
    const existing = findJob(host, id);
    const same =
      existing?.kind === job.kind &&
      existing.subject === (job.subject ?? "") &&
      (!job.callerChose || existing.startedBy === job.startedBy);
    if (!same) throw new LiveError(409, "This job id is already used");
  }
  return id;
}

/** Jobs being driven by this object now, by id: a second caller waits for the same run. */
const driving = new WeakMap<RoomHost, Map<string, Promise<BulkJobRow>>>();

/** Runs a job that exists to its end (or answers it as it ended). */
export function runBulkJob(host: RoomHost, id: string): Promise<BulkJobRow> {
  let runs = driving.get(host);
  if (!runs) {
    runs = new Map();
    driving.set(host, runs);
  }
  const existing = runs.get(id);
  if (existing) return existing;
  const run = drive(host, id).finally(() => runs.delete(id));
  runs.set(id, run);
  return run;
}

async function drive(host: RoomHost, id: string): Promise<BulkJobRow> {
  for (;;) {
    const job = findJob(host, id);
    if (!job) throw new LiveError(404, "There is no such bulk change in this room");
    if (job.status === "failed") throw new LiveError(500, job.error ?? "This bulk change failed");
    if (job.status === "done") return job;
    await host.writes.run(() => runChunk(host, id), job.startedBy, { keyedByItself: true });
  }
}

/** One chunk, in its own turn of the write queue. */
async function runChunk(host: RoomHost, id: string): Promise<void> {
  const job = findJob(host, id);
  if (job?.status !== "running") return;
  const kind = kinds.get(job.kind);
  if (!kind) throw new Error(`bulk job kind ${job.kind} is not registered`);
  let committed = false;
  const commit: CommitChunk = (statements, progress) => {
    if (committed) throw new Error("a bulk chunk commits once");
    committed = true;
    const finishedAt = progress.finished ? host.now() : null;
    const results = runTogether(host.roomDb, [
      ...statements,
      host.roomDb
        .update(bulkJobs)
        .set({
          cursor: progress.cursor,
          done: progress.done,
          result: JSON.stringify(progress.result),
          status: move(BULK_JOB_MOVES, "running", progress.finished ? "done" : "running"),
          finishedAt,
        })
        .where(and(eq(bulkJobs.id, id), eq(bulkJobs.status, "running"))),
    ]);
    return results.slice(0, statements.length) as StatementResults<typeof statements>;
  };
  try {
    await kind.chunk(host, job, commit);
    // A chunk that wrote nothing would never move the job on.
    if (!committed) throw new Error(`a ${job.kind} chunk committed nothing`);
  } catch (error) {
    // What was committed stays; the job stops here, saying why in words a person can read.
    const reason =
      error instanceof LiveError ? (error.reason ?? error.message) : "This bulk change stopped on an unexpected error";
    if (!(error instanceof LiveError)) console.error(`bulk job ${job.kind} failed`, error);
    host.roomDb
      .update(bulkJobs)
      .set({ status: move(BULK_JOB_MOVES, "running", "failed"), error: reason, finishedAt: host.now() })
      .where(and(eq(bulkJobs.id, id), eq(bulkJobs.status, "running")))
      .run();
  }
  const after = findJob(host, id);
  if (after) announceJob(host, after, job);
}

/** Goes on with the jobs a restart cut off (call once the room is up). */
export function resumeBulkJobs(host: RoomHost): void {
  const running = host.roomDb.select({ id: bulkJobs.id }).from(bulkJobs).where(eq(bulkJobs.status, "running")).all();
  for (const { id } of running) {
    host.background(`bulk job ${id}`, () => runBulkJob(host, id));
  }
}

/** The job working on this subject now, if any (e.g. a stocktake being applied). */
export function runningJobOn(host: RoomHost, kind: BulkKindName, subject: string): BulkJobRow | undefined {
  return host.roomDb
    .select()
    .from(bulkJobs)
    .where(and(eq(bulkJobs.kind, kind), eq(bulkJobs.subject, subject), eq(bulkJobs.status, "running")))
    .get();
}
