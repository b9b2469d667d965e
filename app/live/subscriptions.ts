/**
 * Subscriptions the app holds open. Each keeps its id for life: after a
 * reconnect the same `sub` is sent again so the server rebuilds the same set
 * of documents, and the handle stays ready throughout (quiescence keeps the
 * old documents on screen until the new ones are complete).
 */
import type { ClientMessage } from "../../protocol/ddp";
import { clone } from "../../protocol/ejson";
import { fromWireError, LiveError } from "../../protocol/errors";
import { randomId } from "./random-id";

export interface SubscriptionCallbacks {
  /** The initial documents have all arrived. Called at most once. */
  onReady?: () => void;
  /** The subscription ended: by `stop()`, by the server, or with an error. */
  onStop?: (error?: LiveError) => void;
}

export interface SubscriptionHandle {
  readonly id: string;
  /** True once the first `ready` arrived; stays true across reconnects. */
  readonly isReady: boolean;
  /** Resolves when ready; rejects if the subscription stops first. */
  ready(): Promise<void>;
  /** Ends the subscription; its documents are removed by the server. */
  stop(): void;
}

/** Why `ready()` rejects when a subscription stops without a server error. */
export const SUBSCRIPTION_STOPPED = "subscription-stopped";

function runCallback(callback: () => void): void {
  try {
    callback();
  } catch (error) {
    // A failing app callback must not break the message loop that called it.
    console.error(error);
  }
}

class Subscription implements SubscriptionHandle {
  isReady = false;
  private stoppedWith: { error: LiveError | undefined } | null = null;
  private readonly waiters: Array<{ resolve: () => void; reject: (error: LiveError) => void }> = [];

  constructor(
    readonly id: string,
    readonly name: string,
    readonly params: readonly unknown[],
    private readonly callbacks: SubscriptionCallbacks,
    private readonly onUserStop: (subscription: Subscription) => void,
  ) {}

  ready(): Promise<void> {
    // Made on demand, so a subscription nobody awaits never leaves an
    // unhandled rejection behind when it stops.
    if (this.isReady) return Promise.resolve();
    if (this.stoppedWith) return Promise.reject(this.stopError(this.stoppedWith.error));
    return new Promise((resolve, reject) => this.waiters.push({ resolve, reject }));
  }

  stop(): void {
    if (this.stoppedWith) return;
    this.onUserStop(this);
    this.ended(undefined);
  }

  markReady(): void {
    if (this.isReady || this.stoppedWith) return;
    this.isReady = true;
    for (const waiter of this.waiters.splice(0)) waiter.resolve();
    const { onReady } = this.callbacks;
    if (onReady) runCallback(onReady);
  }

  ended(error: LiveError | undefined): void {
    if (this.stoppedWith) return;
    this.stoppedWith = { error };
    for (const waiter of this.waiters.splice(0)) waiter.reject(this.stopError(error));
    const { onStop } = this.callbacks;
    if (onStop) runCallback(() => onStop(error));
  }

  private stopError(error: LiveError | undefined): LiveError {
    return error ?? new LiveError(SUBSCRIPTION_STOPPED, `Subscription '${this.name}' stopped before it was ready`);
  }
}

export class Subscriptions {
  private readonly live = new Map<string, Subscription>();

  constructor(private readonly send: (message: ClientMessage) => boolean) {}

  /** Starts a subscription (sent now if a socket is open, else on open). */
  add(name: string, params: readonly unknown[], callbacks: SubscriptionCallbacks = {}): SubscriptionHandle {
    const subscription = new Subscription(randomId(), name, clone([...params]), callbacks, (stopped) => {
      this.live.delete(stopped.id);
      this.send({ msg: "unsub", id: stopped.id });
    });
    this.live.set(subscription.id, subscription);
    this.sendSub(subscription);
    return subscription;
  }

  /** `ready {subs}` from the server. */
  markReady(ids: readonly string[]): void {
    for (const id of ids) this.live.get(id)?.markReady();
  }

  /** `nosub {id, error?}`: the server ended it (or confirmed our unsub). */
  markStopped(id: string, error: unknown): void {
    const subscription = this.live.get(id);
    if (!subscription) return;
    this.live.delete(id);
    subscription.ended(error === undefined ? undefined : fromWireError(error));
  }

  /** Whether every live subscription has had its `ready`. */
  allReady(): boolean {
    return [...this.live.values()].every((s) => s.isReady);
  }

  /** Ids of subscriptions whose data was complete: reconnect waits for them. */
  readyIds(): string[] {
    return [...this.live.values()].filter((s) => s.isReady).map((s) => s.id);
  }

  /** The connection closed for good: end every subscription with `error`. */
  endAll(error: LiveError): void {
    const ended = [...this.live.values()];
    this.live.clear();
    for (const subscription of ended) subscription.ended(error);
  }

  /** A new socket: send every live subscription again, same id and params. */
  resendAll(): void {
    for (const subscription of this.live.values()) this.sendSub(subscription);
  }

  private sendSub(subscription: Subscription): void {
    this.send({ msg: "sub", id: subscription.id, name: subscription.name, params: [...subscription.params] });
  }
}
