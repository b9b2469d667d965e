/**
 * The stock report (docs/buying.md): a period's movements by reason with
 * their value, and the slow movers — what sits in stock and did not sell.
 * Checked on both sides.
 */
import * as v from "valibot";
import { takes } from "./contract";
import type { MovementReason } from "./stock";

export const REPORT_METHOD = {
  /** The stock report of a period: movements by reason with their value, and the slow movers. */
  REPORTS_STOCK: "reports.stock",
} as const;

/** Slow movers the report lists: those holding the most at cost. */
export const SLOW_MOVERS_SHOWN = 50;
/** The longest period one report covers: a little over a year. */
export const REPORT_MAX_DAYS = 400;

const timeSchema = v.pipe(v.number("A time must be a number"), v.integer(), v.minValue(0));

export const stockReportQuerySchema = v.pipe(
  v.strictObject({ from: timeSchema, to: timeSchema }),
  v.check((query) => query.from < query.to, "The period must end after it starts"),
  v.check(
    (query) => query.to - query.from <= REPORT_MAX_DAYS * 24 * 3600_000,
    `A report covers at most ${REPORT_MAX_DAYS} days`,
  ),
);
export type StockReportQuery = v.InferOutput<typeof stockReportQuerySchema>;

/** A period's movements of one reason: units in and out, and what they were worth. */
export interface ReasonLine {
  reason: MovementReason;
  movements: number;
  unitsIn: number;
  unitsOut: number;
  /** Units in less units out, at each movement's unit value at cost (below 0: stock that left). */
  costCents: number;
  /** What sales and returns were for (their price × units; 0 for other reasons). */
  saleCents: number;
  /** Units moved whose variant had no cost then (not in `costCents`). */
  uncostedUnits: number;
}

/** A variant holding stock that sold none in the period. */
export interface SlowMover {
  itemId: string;
  variantId: string;
  title: string;
  sku: string;
  units: number;
  /** What it holds, at cost (null: no cost known). */
  costCents: number | null;
  /** When it last sold (null: never, as far as the ledger goes). */
  lastSoldAt: Date | null;
}

export interface StockReport {
  from: Date;
  to: Date;
  currency: string;
  reasons: ReasonLine[];
  slowMovers: SlowMover[];
  /** Variants holding stock with no sale in the period, in all (the list shows the costliest). */
  slowMoverCount: number;
}

export const REPORT_METHODS = {
  [REPORT_METHOD.REPORTS_STOCK]: takes(v.tuple([stockReportQuerySchema])).answers<StockReport>(),
} as const;
