/**
 * The room's live figures: counts every item and order change into the
 * aggregates and announces the new summary as one `dashboard` document, in
 * step with the change (so a method's `updated` comes after it).
 */
import { COLLECTION, type DashboardDoc } from "../../protocol/api";
import { equals } from "../../protocol/ejson";
import type { Change, Doc } from "../live/types";
import type { CountedItem, CountedOrder } from "./contributions";
import type { RoomAggregates } from "./room-aggregates";

export const SUMMARY_ID = "summary";

/** Every item and order, read as they are counted (a page at a time: a 100,000-item room is never held whole). */
export interface DashboardRows {
  items: Iterable<CountedItem>;
  orders: Iterable<CountedOrder>;
}

export class Dashboard {
  private last: DashboardDoc | null = null;
  private building: Promise<void> | null = null;
  private changedWhileBuilding = false;

  constructor(
    readonly aggregates: RoomAggregates,
    /** Every item and order of the room, for the one-time build. */
    private readonly load: () => Promise<DashboardRows>,
    private readonly emit: (change: Change) => void,
    private readonly now: () => number,
  ) {}

  /** Counts one change of an item or an order. */
  count(change: Change): void {
    if (change.collection !== COLLECTION.ITEMS && change.collection !== COLLECTION.ORDERS) return;
    if (!this.aggregates.built) {
      // Not built yet: the build reads the stored rows, which include this change.
      this.changedWhileBuilding = true;
      return;
    }
    if (change.collection === COLLECTION.ITEMS) {
      this.aggregates.applyItem(change.previous as CountedItem | null, change.doc as CountedItem | null);
    } else {
      this.aggregates.applyOrder(change.previous as CountedOrder | null, change.doc as CountedOrder | null);
    }
    this.publish();
  }

  /** Builds the aggregates once for a room that has none yet (rooms from before the dashboard). */
  async ready(): Promise<void> {
    while (!this.aggregates.built) {
      this.building ??= this.build().finally(() => {
        this.building = null;
      });
      await this.building;
    }
  }

  /** Counts every row again (a room filled from a backup, whose rows came in without changes). */
  async recount(): Promise<void> {
    const rows = await this.load();
    this.aggregates.rebuild(rows.items, rows.orders);
    this.publish();
  }

  current(): DashboardDoc {
    this.last ??= this.aggregates.summary(this.now());
    return this.last;
  }

  private async build(): Promise<void> {
    this.changedWhileBuilding = false;
    const rows = await this.load();
    // A change landed while reading: the rows may or may not hold it, so read again.
    if (this.changedWhileBuilding) return;
    this.aggregates.rebuild(rows.items, rows.orders);
    this.publish();
  }

  private publish(): void {
    const previous = this.last;
    const next = this.aggregates.summary(this.now());
    this.last = next;
    if (previous && equals(previous, next)) return;
    this.emit({
      collection: COLLECTION.DASHBOARD,
      id: SUMMARY_ID,
      doc: next as unknown as Doc,
      previous: previous as unknown as Doc | null,
    });
  }
}
