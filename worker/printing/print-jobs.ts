/**
 * The print queue's jobs (docs/printing.md). A write that asks for labels —
 * an item added, a receipt, an order's delivery accepted — queues one job in
 * its own transaction (the write pipeline runs `queueStatement`), so a label
 * is queued exactly when the write it is for is kept. The print station then
 * takes the waiting jobs as a batch, prints them, and says so.
 */
import { and, asc, desc, eq, inArray, notInArray, sql } from "drizzle-orm";
import { COLLECTION, variantName } from "../../protocol/api";
import { LiveError } from "../../protocol/errors";
import {
  type LabelToPrint,
  PRINT_LIMITS,
  type PrintBatch,
  type PrintJobDoc,
  type PrintKind,
  type PrintSettings,
} from "../../protocol/print-args";
import { newId } from "../db/directory/database";
import { findItemRows } from "../db/room/item-statements";
import { type PrintJobLineRow, type PrintJobRow, printJobLines, printJobs } from "../db/room/print-tables";
import type { RoomStatement } from "../db/room/room-database";
import type { ItemRow } from "../db/room/room-schema";
import type { MovementRow } from "../db/room/stock-tables";
import { variantsOfRow } from "../inventory/stock-moves";
import { asDoc } from "../live/types";
import type { RoomHost } from "../rooms/room-host";
import { readPrintSettings } from "./print-settings";

/** What a write asks the print station for: its kind, and what the queue calls it. */
export interface LabelsAsked {
  kind: PrintKind;
  title: string;
}

/** One variant's labels in a job. */
interface JobLine {
  itemId: string;
  variantId: string;
  copies: number;
}

/**
 * The job's lines: for items added, every variant of each new item (one label
 * a unit it came with, at least one); for a receipt, the variants received
 * (one a unit received). `copies: "one"` makes each of those a single label.
 */
function linesOf(
  kind: PrintKind,
  settings: PrintSettings,
  added: readonly ItemRow[],
  received: readonly MovementRow[],
): JobLine[] {
  const units = new Map<string, JobLine>();
  if (kind === "added") {
    for (const row of added) {
      for (const variant of variantsOfRow(row)) {
        const held = Object.values(variant.stock).reduce((sum, each) => sum + Math.max(0, each), 0);
        units.set(variant._id, { itemId: row.id, variantId: variant._id, copies: Math.max(1, held) });
      }
    }
  } else {
    for (const move of received) {
      if (move.reason !== "received" || move.quantity <= 0) continue;
      const line = units.get(move.variantId) ?? { itemId: move.itemId, variantId: move.variantId, copies: 0 };
      line.copies += move.quantity;
      units.set(move.variantId, line);
    }
  }
  return [...units.values()].map((line) => ({ ...line, copies: settings.copies === "one" ? 1 : line.copies }));
}

/** The lines cut to the most a job holds, and how many labels were left out. */
function capped(lines: readonly JobLine[]): { lines: JobLine[]; labels: number; cut: number } {
  let room: number = PRINT_LIMITS.JOB_LABELS;
  let cut = 0;
  const kept: JobLine[] = [];
  for (const line of lines) {
    const copies = Math.min(line.copies, room);
    cut += line.copies - copies;
    room -= copies;
    if (copies > 0) kept.push({ ...line, copies });
  }
  return { lines: kept, labels: PRINT_LIMITS.JOB_LABELS - room, cut };
}

/**
 * The statement that queues a write's labels, run inside the write's
 * transaction once its items and movements are written: it reads the room's
 * settings there, so a job is queued only while the queue takes that kind,
 * and answers the job's row (null when nothing was queued).
 */
export function queueStatement(
  host: RoomHost,
  asked: LabelsAsked,
  write: { actor: string; at: number; added: readonly string[]; movements: readonly MovementRow[] },
): RoomStatement<PrintJobRow | null> {
  return {
    all: () => {
      const settings = readPrintSettings(host.roomDb);
      if (!settings.kinds.includes(asked.kind)) return null;
      const added = asked.kind === "added" ? findItemRows(host.roomDb, host.roomId, write.added) : [];
      const { lines, labels, cut } = capped(linesOf(asked.kind, settings, added, write.movements));
      if (lines.length === 0) return null;
      const job: PrintJobRow = {
        id: newId(),
        kind: asked.kind,
        title: asked.title,
        labels,
        cut,
        status: "waiting",
        stationId: null,
        createdAt: write.at,
        createdBy: write.actor,
        doneAt: null,
        doneBy: null,
      };
      host.roomDb.insert(printJobs).values(job).run();
      // A receipt of 500 variants is 500 lines: inserted in parts within the bound of one statement.
      for (let start = 0; start < lines.length; start += 15) {
        host.roomDb
          .insert(printJobLines)
          .values(
            lines.slice(start, start + 15).map((line, index) => ({ ...line, jobId: job.id, position: start + index })),
          )
          .run();
      }
      return job;
    },
  };
}

export function toJobDoc(row: PrintJobRow): PrintJobDoc {
  return {
    _id: row.id,
    kind: row.kind,
    title: row.title,
    labels: row.labels,
    cut: row.cut,
    status: row.status,
    createdAt: new Date(row.createdAt),
    createdBy: row.createdBy,
    doneAt: row.doneAt === null ? null : new Date(row.doneAt),
    doneBy: row.doneBy,
  };
}

export function announceJob(host: RoomHost, row: PrintJobRow, before: PrintJobRow | null): void {
  host.emit({
    collection: COLLECTION.PRINT_JOBS,
    id: row.id,
    doc: asDoc(toJobDoc(row)),
    previous: before && asDoc(toJobDoc(before)),
  });
}

/** The queue as its page shows it: what waits or prints, oldest first, then the newest done. */
export function queueRows(host: RoomHost): PrintJobRow[] {
  const db = host.roomDb;
  const open = db
    .select()
    .from(printJobs)
    .where(inArray(printJobs.status, ["waiting", "printing"]))
    .orderBy(asc(printJobs.createdAt))
    .limit(PRINT_LIMITS.WAITING_SHOWN)
    .all();
  const done = db
    .select()
    .from(printJobs)
    .where(notInArray(printJobs.status, ["waiting", "printing"]))
    .orderBy(desc(printJobs.doneAt))
    .limit(PRINT_LIMITS.DONE_SHOWN)
    .all();
  return [...open, ...done];
}

/** How many jobs and labels wait, and how many labels the station has taken. */
export function queueCounts(host: RoomHost): { waitingJobs: number; waitingLabels: number; printingLabels: number } {
  const rows = host.roomDb
    .select({ status: printJobs.status, jobs: sql<number>`count(*)`, labels: sql<number>`sum(${printJobs.labels})` })
    .from(printJobs)
    .where(inArray(printJobs.status, ["waiting", "printing"]))
    .groupBy(printJobs.status)
    .all();
  const of = (status: string) => rows.find((row) => row.status === status);
  return {
    waitingJobs: of("waiting")?.jobs ?? 0,
    waitingLabels: of("waiting")?.labels ?? 0,
    printingLabels: of("printing")?.labels ?? 0,
  };
}

function findJob(host: RoomHost, id: string): PrintJobRow {
  const row = host.roomDb.select().from(printJobs).where(eq(printJobs.id, id)).get();
  if (!row) throw new LiveError(404, "That print job is not in the queue");
  return row;
}

function setJob(host: RoomHost, before: PrintJobRow, change: Partial<PrintJobRow>): PrintJobRow {
  const after = { ...before, ...change };
  host.roomDb.update(printJobs).set(change).where(eq(printJobs.id, before.id)).run();
  announceJob(host, after, before);
  return after;
}

/** The lines of these jobs, in order: read a part at a time (a statement binds at most 100 values). */
function linesOfJobs(host: RoomHost, ids: readonly string[]): PrintJobLineRow[] {
  const order = new Map(ids.map((id, index) => [id, index]));
  const lines: PrintJobLineRow[] = [];
  for (let start = 0; start < ids.length; start += 90) {
    lines.push(
      ...host.roomDb
        .select()
        .from(printJobLines)
        .where(inArray(printJobLines.jobId, ids.slice(start, start + 90)))
        .all(),
    );
  }
  return lines.sort((a, b) => (order.get(a.jobId) ?? 0) - (order.get(b.jobId) ?? 0) || a.position - b.position);
}

/**
 * The batch the station prints next: first what it took before and did not
 * say it printed (a reload, a failure part-way: printed again rather than
 * lost), else the oldest waiting jobs, up to a print dialog's worth of
 * labels (at least one job), marked as taken by it — with what each label
 * shows read now, so a price changed since it was queued prints as it is
 * now. Lines whose item or variant is gone are left out.
 */
export function takeBatch(host: RoomHost, stationId: string): PrintBatch {
  const pick = (status: "waiting" | "printing") =>
    host.roomDb
      .select()
      .from(printJobs)
      .where(
        status === "printing"
          ? and(eq(printJobs.status, "printing"), eq(printJobs.stationId, stationId))
          : eq(printJobs.status, "waiting"),
      )
      .orderBy(asc(printJobs.createdAt))
      .limit(PRINT_LIMITS.WAITING_SHOWN)
      .all();
  const held = pick("printing");
  const candidates = held.length > 0 ? held : pick("waiting");
  const taken: PrintJobRow[] = [];
  let labels = 0;
  for (const job of candidates) {
    if (taken.length > 0 && labels + job.labels > PRINT_LIMITS.BATCH_LABELS) break;
    taken.push(job);
    labels += job.labels;
  }
  if (taken.length === 0) return { jobs: [], labels: [] };
  const lines = linesOfJobs(
    host,
    taken.map((job) => job.id),
  );
  const items = new Map(
    findItemRows(host.roomDb, host.roomId, [...new Set(lines.map((line) => line.itemId))]).map((row) => [row.id, row]),
  );
  const printed: LabelToPrint[] = lines.flatMap((line) => {
    const item = items.get(line.itemId);
    const variant = item && variantsOfRow(item).find((each) => each._id === line.variantId);
    if (!item || !variant) return [];
    const ownVariant = item.variants === "[]";
    return [
      {
        jobId: line.jobId,
        itemId: item.id,
        variantId: variant._id,
        title: item.title,
        variantName: ownVariant ? "" : variantName(variant),
        priceCents: variant.priceCents,
        currency: item.currency,
        sku: variant.sku,
        barcode: ownVariant ? item.barcode : variant.barcode,
        copies: line.copies,
      },
    ];
  });
  for (const job of taken) if (job.status === "waiting") setJob(host, job, { status: "printing", stationId });
  return { jobs: taken.map((job) => ({ id: job.id, title: job.title, labels: job.labels })), labels: printed };
}

/**
 * The station printed these jobs: those it took and still holds. A station
 * replaced meanwhile holds none (they went back to waiting, for the new
 * one), so its word counts for nothing — a label printed twice rather than
 * one never printed.
 */
export function markPrinted(host: RoomHost, actor: string, stationId: string, ids: readonly string[]): number {
  const at = host.now();
  let printed = 0;
  for (const id of ids) {
    const job = host.roomDb.select().from(printJobs).where(eq(printJobs.id, id)).get();
    if (job?.status !== "printing" || job.stationId !== stationId) continue;
    setJob(host, job, { status: "printed", stationId: null, doneAt: at, doneBy: actor });
    printed++;
  }
  dropOldDone(host);
  return printed;
}

/** Jobs another station took and did not finish go back to waiting (a new station opened). */
export function putBackTaken(host: RoomHost, stationId: string): void {
  const taken = host.roomDb.select().from(printJobs).where(eq(printJobs.status, "printing")).all();
  for (const job of taken) {
    if (job.stationId !== stationId) setJob(host, job, { status: "waiting", stationId: null });
  }
}

export function skipJob(host: RoomHost, actor: string, id: string): void {
  const job = findJob(host, id);
  if (job.status !== "waiting") throw new LiveError(409, "Only a job still waiting can be taken off the queue");
  setJob(host, job, { status: "skipped", doneAt: host.now(), doneBy: actor });
  dropOldDone(host);
}

/** A done job's labels queued again, as a new job (the done one stays as it was); answers its id. */
export function queueAgain(host: RoomHost, actor: string, id: string): string {
  const job = findJob(host, id);
  if (job.status === "waiting" || job.status === "printing")
    throw new LiveError(409, "That job is in the queue already");
  const again: PrintJobRow = {
    ...job,
    id: newId(),
    status: "waiting",
    stationId: null,
    createdAt: host.now(),
    createdBy: actor,
    doneAt: null,
    doneBy: null,
  };
  host.roomDb.$client.transactionSync(() => {
    host.roomDb.insert(printJobs).values(again).run();
    host.roomDb.run(
      sql`INSERT INTO print_job_lines (job_id, item_id, variant_id, copies, position)
          SELECT ${again.id}, item_id, variant_id, copies, position FROM print_job_lines WHERE job_id = ${job.id}`,
    );
  });
  announceJob(host, again, null);
  return again.id;
}

/** Keeps the newest PRINT_LIMITS.DONE_KEPT done jobs: older ones (and their lines) go, and screens are told. */
function dropOldDone(host: RoomHost): void {
  const old = host.roomDb
    .select()
    .from(printJobs)
    .where(inArray(printJobs.status, ["printed", "skipped"]))
    .orderBy(desc(printJobs.doneAt))
    // SQLite takes no OFFSET without a LIMIT; one call makes at most this many jobs done.
    .limit(PRINT_LIMITS.WAITING_SHOWN)
    .offset(PRINT_LIMITS.DONE_KEPT)
    .all();
  if (old.length === 0) return;
  host.roomDb.$client.transactionSync(() => {
    for (const job of old) {
      host.roomDb.delete(printJobLines).where(eq(printJobLines.jobId, job.id)).run();
      host.roomDb.delete(printJobs).where(eq(printJobs.id, job.id)).run();
    }
  });
  for (const job of old) {
    host.emit({ collection: COLLECTION.PRINT_JOBS, id: job.id, doc: null, previous: asDoc(toJobDoc(job)) });
  }
}
