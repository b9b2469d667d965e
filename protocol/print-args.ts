/**
 * The print station (docs/printing.md): a computer beside the label printer
 * keeps a room tab in print-station mode, and the labels of what anyone adds
 * or receives wait in the room's print queue until that tab prints them.
 * What the methods and publications take and answer, checked on both sides.
 */
import * as v from "valibot";
import { takes } from "./contract";
import { idSchema } from "./id-schema";

export const PRINT_METHOD = {
  /** Turns the queue on or off and says what it queues, how many labels, on which paper. */
  PRINT_SETTINGS: "print.settings",
  /** Makes a tab the room's print station (taking over from any other). */
  PRINT_CLAIM: "print.claim",
  /** The tab stops being the print station. */
  PRINT_RELEASE: "print.release",
  /** The print station takes the labels waiting (a batch, first any it took and did not print); answers them. */
  PRINT_TAKE: "print.take",
  /** The print station printed these batches' jobs. */
  PRINT_DONE: "print.done",
  /** Takes a waiting job off the queue without printing it. */
  PRINT_SKIP: "print.skip",
  /** Queues a printed (or skipped) job's labels again. */
  PRINT_AGAIN: "print.again",
} as const;

export const PRINT_PUBLICATION = {
  /** The queue: jobs waiting or printing, oldest first, and the newest printed (`printJobs`). */
  PRINT_QUEUE: "print.queue",
  /** One `station` document (`printStation`): the settings, whether a station is open, what waits. */
  PRINT_STATION: "print.station",
  /** Held by the station's tab while it is open: the room knows it is there (refused for a tab replaced). */
  PRINT_ATTEND: "print.attend",
} as const;

export const PRINT_LIMITS = {
  /** The most labels one job holds: a delivery of more is cut here (the rest print from the catalogue). */
  JOB_LABELS: 1_000,
  /** The most labels the station takes at once: one print dialog's worth. */
  BATCH_LABELS: 500,
  /** Jobs the queue shows waiting, and printed ones it keeps showing. */
  WAITING_SHOWN: 200,
  DONE_SHOWN: 20,
  /** Printed and skipped jobs kept at all (the oldest go). */
  DONE_KEPT: 200,
  STATION_NAME: 60,
} as const;

/** The papers a label can be printed on (app/qr/paper.ts draws each). */
export const LABEL_PAPERS = ["a4", "letter", "ql-62", "dymo-30334", "dymo-30252", "zebra-2x1", "zebra-4x6"] as const;
export type LabelPaper = (typeof LABEL_PAPERS)[number];

/** What each label prints: the QR of its link, a barcode (its product barcode, else its SKU), or both. */
export const LABEL_CODES = ["qr", "barcode", "both"] as const;
export type LabelCode = (typeof LABEL_CODES)[number];

/**
 * What queues labels: an item added by someone (by hand, from a photo, a
 * scan), stock received (a receipt, a scan into stock), a purchase order's
 * delivery accepted.
 */
export const PRINT_KINDS = ["added", "received", "order"] as const;
export type PrintKind = (typeof PRINT_KINDS)[number];

/** One label per unit (a receipt of 6 prints 6) or one per variant. */
export type PrintCopies = "unit" | "one";

export interface PrintSettings {
  /** What queues labels; none: the queue is off and nothing waits. */
  kinds: PrintKind[];
  copies: PrintCopies;
  paper: LabelPaper;
  code: LabelCode;
}

export const PRINT_SETTINGS_OFF: PrintSettings = { kinds: [], copies: "unit", paper: "ql-62", code: "qr" };

export type PrintJobStatus = "waiting" | "printing" | "printed" | "skipped";

/** A job in the queue: one write's labels (an item added, a receipt, an order's delivery). */
export interface PrintJobDoc {
  _id: string;
  kind: PrintKind;
  /** What it is for: the item's title, or the order's number and supplier. */
  title: string;
  labels: number;
  /** Labels asked for past PRINT_LIMITS.JOB_LABELS, left out. */
  cut: number;
  status: PrintJobStatus;
  createdAt: Date;
  createdBy: string;
  /** When it was printed or skipped, and by whom. */
  doneAt: Date | null;
  doneBy: string | null;
}

/** The print station's one document (`_id` "station"). */
export interface PrintStationDoc {
  _id: "station";
  settings: PrintSettings;
  /**
   * The station: its tab's id, its name, who is signed in on it, since when, and whether its tab
   * is open now; null when no tab is the station.
   */
  station: { id: string; name: string; by: string; since: Date; online: boolean } | null;
  waitingJobs: number;
  waitingLabels: number;
  /** Labels the station has taken and not yet said are printed. */
  printingLabels: number;
}

/** One label to print, as the station takes it: enough to draw it (the link is asked for apart). */
export interface LabelToPrint {
  jobId: string;
  itemId: string;
  /** The variant's id (the item's own for a product without options). */
  variantId: string;
  title: string;
  /** The variant's name ("M / Red"), "" for a product without options. */
  variantName: string;
  priceCents: number;
  currency: string;
  sku: string;
  barcode: string;
  copies: number;
}

export interface PrintBatch {
  jobs: { id: string; title: string; labels: number }[];
  labels: LabelToPrint[];
}

const stationIdSchema = v.pipe(
  v.string("A station id must be text"),
  v.regex(/^[A-Za-z0-9_-]{8,40}$/, "That is not a station id"),
);

export const printSettingsSchema = v.strictObject({
  kinds: v.pipe(
    v.array(v.picklist(PRINT_KINDS, "Choose what prints: added, received or order")),
    v.maxLength(PRINT_KINDS.length, "Each kind once"),
  ),
  copies: v.picklist(["unit", "one"], "Copies: one a unit or one a variant"),
  paper: v.picklist(LABEL_PAPERS, "Choose one of the label papers"),
  code: v.picklist(LABEL_CODES, "Choose QR code, barcode or both"),
});

const stationNameSchema = v.pipe(
  v.string("A station's name must be text"),
  v.trim(),
  v.nonEmpty("Give the print station a name"),
  v.maxLength(PRINT_LIMITS.STATION_NAME, `A station's name must be at most ${PRINT_LIMITS.STATION_NAME} characters`),
);

const jobIdsSchema = v.pipe(v.array(idSchema), v.maxLength(PRINT_LIMITS.WAITING_SHOWN, "Too many jobs at once"));

export const PRINT_METHODS = {
  [PRINT_METHOD.PRINT_SETTINGS]: takes(v.tuple([printSettingsSchema])).answers(),
  [PRINT_METHOD.PRINT_CLAIM]: takes(v.tuple([stationIdSchema, stationNameSchema])).answers(),
  [PRINT_METHOD.PRINT_RELEASE]: takes(v.tuple([stationIdSchema])).answers(),
  [PRINT_METHOD.PRINT_TAKE]: takes(v.tuple([stationIdSchema])).answers<PrintBatch>(),
  [PRINT_METHOD.PRINT_DONE]: takes(v.tuple([stationIdSchema, jobIdsSchema])).answers<{ printed: number }>(),
  [PRINT_METHOD.PRINT_SKIP]: takes(v.tuple([idSchema])).answers(),
  [PRINT_METHOD.PRINT_AGAIN]: takes(v.tuple([idSchema])).answers<string>(),
} as const;

export const PRINT_PUBLICATION_ARGS = {
  [PRINT_PUBLICATION.PRINT_QUEUE]: v.tuple([]),
  [PRINT_PUBLICATION.PRINT_STATION]: v.tuple([]),
  [PRINT_PUBLICATION.PRINT_ATTEND]: v.tuple([stationIdSchema]),
} as const;
