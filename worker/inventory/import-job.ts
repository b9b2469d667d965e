/**
 * A CSV import as one bulk path on the server (docs/architecture.md §9):
 * the app sends the file's products once, in a few pieces
 * (`items.importStage`), which the server cuts into parts of at most
 * LIMITS.IMPORT_PART rows and keeps (`import_staged`). The check and the
 * import are then one call each (`items.importRun`), run as bulk jobs
 * (bulk-jobs.ts): one part per chunk, each part one turn of the write
 * queue and one transaction with the job's progress, so teammates' edits
 * go between parts, the progress bar moves with the job (`bulkJobs`), and
 * an import cut off by a restart or a closed tab goes on from its last
 * part. Each part goes through `importPartNow` — the same steps as
 * `items.import`, which scripts may still call one part at a time.
 */
import { and, asc, eq, gt, lt, sql } from "drizzle-orm";
import { LIMITS } from "../../protocol/api";
import { LiveError } from "../../protocol/errors";
import { addReports, rowsOf, splitProducts } from "../../protocol/import-parts";
import {
  emptyImportReport,
  type ImportProduct,
  type ImportReport,
  type ImportRun,
  type ImportRunResult,
  type ImportStage,
} from "../../protocol/variant-args";
import { type ImportStagedRow, importStaged } from "../db/room/import-staged-table";
import { runTogether } from "../db/room/room-database";
import type { BulkJobRow } from "../db/room/room-schema";
import type { RoomHost } from "../rooms/room-host";
import { type BulkKind, findJob, runNewBulkJob } from "./bulk-jobs";
import { importPartNow } from "./catalogue-import";

/** A file's products not imported after a day are let go (the person chooses the file again). */
const STAGED_KEPT_MS = 24 * 60 * 60_000;
/** Parts of one piece are numbered from piece × this, so the file's order is the parts' order. */
const PARTS_PER_PIECE = 1_000;

/** What a check or import job remembers of its call. */
interface ImportJobParams {
  importId: string;
  quantityAt?: string | null;
  unnamedToZero?: boolean;
  currency?: string;
}

/**
 * Keeps one piece of a file's products, cut into parts, in place of any
 * sent before under the same number (a piece sent again is kept once).
 */
export function stageImport(host: RoomHost, userId: string, stage: ImportStage): Promise<{ rows: number }> {
  return host.writes.run(async () => {
    const now = host.now();
    const first = stage.piece * PARTS_PER_PIECE;
    const parts = splitProducts(stage.products, LIMITS.IMPORT_PART);
    runTogether(host.roomDb, [
      host.roomDb.delete(importStaged).where(lt(importStaged.createdAt, now - STAGED_KEPT_MS)),
      host.roomDb
        .delete(importStaged)
        .where(
          and(
            eq(importStaged.importId, stage.importId),
            sql`${importStaged.part} >= ${first} AND ${importStaged.part} < ${first + PARTS_PER_PIECE}`,
          ),
        ),
      ...parts.map((products, index) =>
        host.roomDb.insert(importStaged).values({
          importId: stage.importId,
          part: first + index,
          products: JSON.stringify(products),
          rows: rowsOf(products),
          userId,
          createdAt: now,
        }),
      ),
    ]);
    return { rows: rowsOf(stage.products) };
  }, userId);
}

/** The rows of a file its sender has on the server (0: none, or not theirs). */
function stagedRows(host: RoomHost, importId: string, userId: string): number {
  const row = host.roomDb
    .select({ rows: sql<number>`coalesce(sum(${importStaged.rows}), 0)` })
    .from(importStaged)
    .where(and(eq(importStaged.importId, importId), eq(importStaged.userId, userId)))
    .get();
  return row?.rows ?? 0;
}

const reportOf = (job: BulkJobRow): ImportReport =>
  job.result === "{}" ? emptyImportReport() : (JSON.parse(job.result) as ImportReport);

/**
 * Checks (a dry run: nothing written) or imports the file sent before, to
 * its end; answers what it did. A part that stops it leaves the parts
 * before it in, and the answer says how far it got and why.
 */
export async function runStagedImport(
  host: RoomHost,
  userId: string,
  run: ImportRun,
  currency: string | undefined,
): Promise<ImportRunResult> {
  const existing = findJob(host, run.jobId);
  const total = existing?.total ?? stagedRows(host, run.importId, userId);
  if (total === 0) {
    throw new LiveError(404, "The file's products are no longer on the server: choose the file again");
  }
  const params: ImportJobParams = {
    importId: run.importId,
    quantityAt: run.quantityAt,
    unnamedToZero: run.unnamedToZero,
    currency,
  };
  try {
    const job = await runNewBulkJob(host, {
      id: run.jobId,
      callerChose: true,
      kind: run.dryRun ? "import-check" : "import",
      subject: run.importId,
      params,
      total,
      startedBy: userId,
    });
    return { report: reportOf(job), done: job.done, total: job.total };
  } catch (error) {
    const job = findJob(host, run.jobId);
    if (!job || !(error instanceof LiveError)) throw error;
    return {
      report: reportOf(job),
      done: job.done,
      total: job.total,
      error: job.error ?? error.reason ?? error.message,
    };
  }
}

/** The part after `cursor` (the last done), and whether another follows it. */
function nextPart(host: RoomHost, importId: string, cursor: string): { part?: ImportStagedRow; last: boolean } {
  const after = cursor === "" ? -1 : Number(cursor);
  const [part, following] = host.roomDb
    .select()
    .from(importStaged)
    .where(and(eq(importStaged.importId, importId), gt(importStaged.part, after)))
    .orderBy(asc(importStaged.part))
    .limit(2)
    .all();
  return { part, last: following === undefined };
}

/** One part per chunk: checked or imported with the job's progress, in one transaction. */
export function importKind(dryRun: boolean): BulkKind {
  return {
    async chunk(host, job, commit) {
      const params = JSON.parse(job.params) as ImportJobParams;
      const sofar = reportOf(job);
      const { part, last } = nextPart(host, params.importId, job.cursor);
      if (!part) {
        commit([], { cursor: job.cursor, done: job.done, result: sofar, finished: true });
        return;
      }
      const products = JSON.parse(part.products) as ImportProduct[];
      // The import lets its file go once its last part is in; a check keeps it for the import.
      const letGo =
        last && !dryRun ? [host.roomDb.delete(importStaged).where(eq(importStaged.importId, params.importId))] : [];
      importPartNow(
        host,
        job.startedBy,
        {
          importId: params.importId,
          part: part.part,
          dryRun,
          products,
          quantityAt: params.quantityAt,
          unnamedToZero: params.unnamedToZero,
        },
        params.currency,
        (statements, report) =>
          commit([...statements, ...letGo], {
            cursor: String(part.part),
            done: job.done + part.rows,
            result: addReports(sofar, report),
            finished: last,
          }),
      );
    },
  };
}
