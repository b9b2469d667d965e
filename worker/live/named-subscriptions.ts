/**
 * A connection's named subscriptions (DDP `sub`/`unsub`), by the client's
 * id: started, stopped, re-run as another user after a login, and re-run
 * from storage after a wake. Kept in storage so a wake finds them again
 * (session.ts has the connection they belong to).
 */
import type { ServerMessage } from "../../protocol/ddp";
import { parse as ejsonParse, stringify as ejsonStringify } from "../../protocol/ejson";
import { LiveError, toWireError } from "../../protocol/errors";
import { parseArgs } from "./call-checks";
import type { SessionEnvironment } from "./session-state";
import type { LiveSubscription } from "./subscription";

/** Subscriptions one connection may hold at once. */
const MAX_SUBSCRIPTIONS = 200;

/** What the subscriptions need of their connection. */
export interface SubscriptionOwner<H> {
  readonly connectionId: string;
  readonly env: SessionEnvironment<H>;
  /** A new run of `name` (each run gets its own merge-box key). */
  newSubscription(id: string, name: string, args: unknown[]): LiveSubscription<H>;
  send(message: ServerMessage): void;
  rateLimit(name: string): void;
  closed(): boolean;
}

export class NamedSubscriptions<H> {
  private readonly subs = new Map<string, LiveSubscription<H>>();

  constructor(private readonly owner: SubscriptionOwner<H>) {}

  async subscribe(id: string, name: string, params: unknown[]): Promise<void> {
    if (this.subs.has(id)) return;
    const { env, connectionId } = this.owner;
    const definition = env.registry.publications.get(name);
    if (!definition) {
      return this.owner.send({
        msg: "nosub",
        id,
        error: new LiveError(404, `Subscription '${name}' not found`).toWire(),
      });
    }
    let subscription: LiveSubscription<H> | undefined;
    try {
      if (this.subs.size >= MAX_SUBSCRIPTIONS) throw new LiveError(429, "Too many subscriptions on one connection");
      this.owner.rateLimit(name);
      subscription = this.owner.newSubscription(id, name, parseArgs(definition.args, params));
      this.subs.set(id, subscription);
      env.storage.saveSubscription(connectionId, { subId: id, name, params: ejsonStringify(params) });
      await subscription.start(definition);
      if (this.owner.closed()) {
        subscription.stop();
        return;
      }
      if (this.subs.get(id) === subscription) this.owner.send({ msg: "ready", subs: [id] });
    } catch (error) {
      if (!(error instanceof LiveError)) console.error(`live: publication '${name}' failed`, error);
      subscription?.stop();
      this.end(id, error);
    }
  }

  unsubscribe(id: string): void {
    const subscription = this.subs.get(id);
    if (subscription) {
      subscription.stop();
      this.subs.delete(id);
      this.owner.env.storage.deleteSubscription(this.owner.connectionId, id);
    }
    this.owner.send({ msg: "nosub", id });
  }

  /** Re-runs every subscription for the connection's new user; one the user may not see ends. */
  async rerun(): Promise<void> {
    for (const [id, old] of [...this.subs]) {
      const definition = this.owner.env.registry.publications.get(old.name);
      if (!definition) continue;
      const next = this.owner.newSubscription(id, old.name, old.args);
      this.subs.set(id, next);
      try {
        await next.start(definition);
        old.stop();
      } catch (error) {
        // The new user may not see this at all: end the subscription
        // (its documents are removed before the nosub, as DDP orders it).
        next.stop();
        old.stop();
        this.end(id, error);
      }
      if (this.owner.closed()) return this.stopAll();
    }
  }

  /**
   * After a wake: re-runs the stored subscriptions (the caller mutes what
   * they send, as the client holds it already). Answers the ones that could
   * not run; `failed` tells the client they ended.
   */
  async restore(): Promise<{ id: string; error: unknown }[]> {
    const { env, connectionId } = this.owner;
    const failed: { id: string; error: unknown }[] = [];
    for (const stored of env.storage.subscriptions(connectionId)) {
      const definition = env.registry.publications.get(stored.name);
      let subscription: LiveSubscription<H> | undefined;
      try {
        if (!definition) throw new LiveError(404, `Subscription '${stored.name}' not found`);
        const args = parseArgs(definition.args, ejsonParse(stored.params) as unknown[]);
        subscription = this.owner.newSubscription(stored.subId, stored.name, args);
        await subscription.start(definition);
        if (this.owner.closed()) {
          subscription.stop();
          return [];
        }
        this.subs.set(stored.subId, subscription);
      } catch (error) {
        console.error(`live: could not restore subscription '${stored.name}'`, error);
        subscription?.stop();
        failed.push({ id: stored.subId, error });
      }
    }
    return failed;
  }

  /** Ends subscription `id` on the server and tells the client why. */
  end(id: string, error: unknown): void {
    this.subs.delete(id);
    this.owner.env.storage.deleteSubscription(this.owner.connectionId, id);
    this.owner.send({ msg: "nosub", id, error: toWireError(error) });
  }

  stopAll(): void {
    for (const sub of this.subs.values()) sub.stop();
    this.subs.clear();
  }
}
