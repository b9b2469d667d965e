/**
 * What a room's store features keep in memory while its RoomDO lives: the
 * running sync, items being published (one publish per item at a time, so a
 * double click cannot make two products), and pending "send this edit to the
 * store" timers. Kept beside the room's host object (one per RoomDO), not on
 * it: the room knows nothing of the store.
 */
import type { StoreDriftDoc } from "../../protocol/api";
import { StoreSync } from "./store-sync";

export class StoreRuntime {
  readonly sync = new StoreSync();
  readonly publishing = new Set<string>();
  /** Pending follow-ups (an edit of a published item going to the store), by item id. */
  readonly follows = new Map<string, ReturnType<typeof setTimeout>>();
  /** The address the app was last used at: where image links sent to the store point when APP_URL is unset. */
  origin: string | null = null;
  /** A push of the outbox to the store is running (store-push.ts), and the timer of the next. */
  pushing = false;
  pushTimer: ReturnType<typeof setTimeout> | undefined;
  /** The drift check running now (store-drift.ts), and its document while it runs. */
  driftRun: Promise<StoreDriftDoc> | null = null;
  drift: StoreDriftDoc | null = null;

  cancelFollow(itemId: string): void {
    clearTimeout(this.follows.get(itemId));
    this.follows.delete(itemId);
  }
}

const runtimes = new WeakMap<object, StoreRuntime>();

/** The store state of the room `host` serves (made on first use). */
export function storeRuntime(host: object): StoreRuntime {
  let runtime = runtimes.get(host);
  if (!runtime) {
    runtime = new StoreRuntime();
    runtimes.set(host, runtime);
  }
  return runtime;
}
