/**
 * Pacing by the Admin API's cost budget (a leaky bucket per app and store).
 * Every GraphQL answer reports `extensions.cost`: what the query was
 * expected to cost and `throttleStatus {maximumAvailable, currentlyAvailable,
 * restoreRate}` (points, points per second). From the last report we
 * estimate what is available now and wait until a query fits, instead of
 * sending it to be refused with THROTTLED. A query sent takes its points at
 * once (`spend`), so calls made meanwhile wait for them too; the store's
 * next report puts the figure right. A query never sent before is taken to
 * cost the most a query may: the bucket's first report is never overdrawn.
 */

export interface ThrottleStatus {
  maximumAvailable: number;
  currentlyAvailable: number;
  restoreRate: number;
}

/** What a query is assumed to cost before the store has told us: the most Shopify lets one query cost. */
const UNKNOWN_QUERY_COST = 1_000;
/** Longest single wait, so a bad report cannot park a call for minutes. */
export const MAX_WAIT_MS = 20_000;

const isNumber = (value: unknown): value is number => typeof value === "number" && Number.isFinite(value);

/** The cost report of an answer's `extensions`, when it has a usable one. */
export function readCost(extensions: unknown): { requested: number | null; status: ThrottleStatus | null } {
  const cost = (extensions as { cost?: Record<string, unknown> } | undefined)?.cost;
  const requested = isNumber(cost?.requestedQueryCost) ? cost.requestedQueryCost : null;
  const raw = cost?.throttleStatus as Record<string, unknown> | undefined;
  const status =
    raw &&
    isNumber(raw.maximumAvailable) &&
    isNumber(raw.currentlyAvailable) &&
    isNumber(raw.restoreRate) &&
    raw.restoreRate > 0
      ? {
          maximumAvailable: raw.maximumAvailable,
          currentlyAvailable: raw.currentlyAvailable,
          restoreRate: raw.restoreRate,
        }
      : null;
  return { requested, status };
}

export class CostBudget {
  private status: (ThrottleStatus & { at: number }) | null = null;
  /** Each query text's last reported cost: its best estimate next time. */
  private readonly costs = new Map<string, number>();

  record(query: string, extensions: unknown, now: number): void {
    const { requested, status } = readCost(extensions);
    if (requested !== null) this.costs.set(query, requested);
    if (status) this.status = { ...status, at: now };
  }

  private available(now: number): number {
    if (!this.status) return Number.POSITIVE_INFINITY;
    const { maximumAvailable, currentlyAvailable, restoreRate, at } = this.status;
    return Math.min(maximumAvailable, currentlyAvailable + (restoreRate * Math.max(0, now - at)) / 1000);
  }

  /** What `query` is expected to cost: a query dearer than the whole bucket is sent when the bucket is full. */
  private costOf(query: string): number {
    return Math.min(this.costs.get(query) ?? UNKNOWN_QUERY_COST, this.status?.maximumAvailable ?? UNKNOWN_QUERY_COST);
  }

  /** How long to wait before sending `query` so that it fits the budget (0 when it does). */
  waitBefore(query: string, now: number): number {
    if (!this.status) return 0;
    const available = this.available(now);
    const cost = this.costOf(query);
    if (available >= cost) return 0;
    return Math.min(MAX_WAIT_MS, Math.ceil(((cost - available) / this.status.restoreRate) * 1000));
  }

  /** `query` is being sent now: its points are taken until the store reports what is left. */
  spend(query: string, now: number): void {
    if (!this.status) return;
    this.status = { ...this.status, currentlyAvailable: this.available(now) - this.costOf(query), at: now };
  }
}

/** Budgets by shop: the store's bucket is shared by every call this object makes to it. */
const budgets = new Map<string, CostBudget>();

export function budgetFor(shop: string): CostBudget {
  let budget = budgets.get(shop);
  if (!budget) {
    budget = new CostBudget();
    budgets.set(shop, budget);
  }
  return budget;
}
