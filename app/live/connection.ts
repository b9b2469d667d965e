/**
 * `LiveConnection`: one DDP connection, joining the socket manager (status,
 * retry, transport), the local store, subscriptions and method calls, and
 * what outlives a reload (waiting calls, kept documents). What each socket
 * gets when it opens, and where the server's messages go, is the session's
 * part (ddp-session.ts).
 *
 * @example
 * const live = new LiveConnection({ url: defaultLiveUrl("websocket") });
 * const items = live.subscribe("items");
 * await items.ready();
 * const id = await live.call("items.add", { title: "Lamp" });
 */
import type { ClientMessage } from "../../protocol/ddp";
import { stringify } from "../../protocol/ejson";
import { LiveError } from "../../protocol/errors";
import { type CallJournal, readEntry } from "./call-journal";
import { DdpSession } from "./ddp-session";
import { type DocCache, keepCached } from "./doc-cache";
import { type ApplyOptions, Methods } from "./methods";
import type { MethodStub } from "./simulation";
import { type BrowserEvents, SocketManager } from "./socket-manager";
import type { LiveStatus, StatusListener } from "./status";
import { LiveStore } from "./store";
import { type SubscriptionCallbacks, type SubscriptionHandle, Subscriptions } from "./subscriptions";
import type { WebSocketConstructor } from "./transport";

export interface LiveConnectionOptions {
  /** Full `ws:`/`wss:` address; see `defaultLiveUrl`. */
  url: string;
  /** Defaults to the browser's WebSocket; tests pass a fake. */
  WebSocket?: WebSocketConstructor;
  /** Clock for `retryTime` and write buffering. Defaults to `Date.now`. */
  now?: () => number;
  /** Source of the retry fuzz. Defaults to `Math.random`. */
  random?: () => number;
  /** Where `online`/`offline`/`visibilitychange` come from; defaults to the page. */
  events?: BrowserEvents;
}

export type ReconnectHook = (connection: LiveConnection) => void;

/** The error of a journal entry that cannot be made again (damaged, or written by something else). */
export const UNREADABLE_CHANGE = "unreadable-change";

/** Why calls still pending are rejected when the connection is closed for good. */
export const CONNECTION_CLOSED = "connection-closed";

function isCallbacks(value: unknown): value is SubscriptionCallbacks {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const entries = Object.entries(value);
  // Functions cannot travel over EJSON, so such an object is never a parameter.
  return (
    entries.length > 0 &&
    entries.every(([key, fn]) => (key === "onReady" || key === "onStop") && typeof fn === "function")
  );
}

function pageEvents(): BrowserEvents {
  return {
    window: typeof window === "undefined" ? undefined : window,
    document: typeof document === "undefined" ? undefined : document,
  };
}

export class LiveConnection {
  /** Local copies of the published collections. */
  readonly store: LiveStore;
  private readonly socket: SocketManager;
  private readonly subscriptions: Subscriptions;
  private readonly methods: Methods;
  private readonly ddp: DdpSession;
  private readonly reconnectHooks = new Set<ReconnectHook>();
  private readonly stubs = new Map<string, MethodStub>();
  private journal: CallJournal | null = null;
  /** Settles once the documents kept last time are in the store (at once when nothing is kept). */
  private cacheSeeded: Promise<void> = Promise.resolve();
  /** Seeds of calls made again from the journal: already written there. */
  private readonly restored = new Set<string>();
  /** Stops writing the store's changes to the browser's cache (when the connection closes). */
  private stopCaching: () => void = () => {};
  /** Every subscription has been ready once on some socket: the server's data is complete. */
  private serverDataComplete = false;
  private readonly restoreFailureListeners = new Set<(name: string, error: LiveError) => void>();

  constructor(options: LiveConnectionOptions) {
    const now = options.now ?? Date.now;
    this.store = new LiveStore(now);
    const send = (message: ClientMessage) => this.socket.send(message);
    this.subscriptions = new Subscriptions(send);
    this.methods = new Methods(send, undefined, {
      started: (name, params, seed) => this.runStub(name, params, seed),
      settled: (seed, how) => this.callSettled(seed, how),
    });
    this.socket = new SocketManager(
      {
        url: options.url,
        WebSocket: options.WebSocket ?? globalThis.WebSocket,
        now,
        random: options.random ?? Math.random,
        events: options.events ?? pageEvents(),
      },
      {
        onOpen: () => this.ddp.opened(),
        onMessage: (message) => this.ddp.received(message),
        onClose: () => this.ddp.closed(),
      },
    );
    this.ddp = new DdpSession({
      socket: this.socket,
      store: this.store,
      subscriptions: this.subscriptions,
      methods: this.methods,
      reconnected: () => this.runReconnectHooks(),
      subscriptionsSettled: () => this.dropCachedWhenComplete(),
    });
    this.socket.start();
  }

  private runStub(name: string, params: readonly unknown[], seed: string): void {
    const stub = this.stubs.get(name);
    if (!stub) return;
    try {
      this.store.simulate(seed, seed, stub, params);
    } catch (error) {
      // As in Meteor: a stub that throws shows nothing, and the server still decides.
      console.debug(`live: the stub of ${name} refused`, error);
    }
    // Writes (the calls with stubs) wait in the journal until answered, surviving a reload.
    if (this.journal && !this.restored.has(seed)) {
      this.journal.add({ seed, name, params: stringify([...params]), at: Date.now() });
    }
  }

  private callSettled(seed: string, how: "answered" | "closed"): void {
    this.store.settle(seed);
    this.restored.delete(seed);
    // A call given up because the page is leaving stays in the journal, to be made again next time.
    if (how === "answered") this.journal?.remove(seed);
  }

  /**
   * Keeps calls that have a stub in `journal` until they are answered
   * (call-journal.ts). Set it once, before such calls are made.
   */
  keepWaitingCallsIn(journal: CallJournal): void {
    this.journal = journal;
  }

  /**
   * Makes the calls left waiting in the journal again, oldest first, with
   * their seeds (so their ids and the server's once-only record hold): their
   * stubs show them at once. Call it once the stubs are registered.
   */
  async restoreWaitingCalls(): Promise<void> {
    const journal = this.journal;
    if (!journal) return;
    const entries = await journal.entries();
    // The stubs act on the documents kept last time: they must be in the store first
    // (the two IndexedDB reads race, and a stub that finds no item does nothing).
    await this.cacheSeeded;
    const failed = (name: string, error: LiveError) => {
      for (const listener of [...this.restoreFailureListeners]) listener(name, error);
    };
    for (const entry of entries) {
      if (this.restored.has(entry.seed)) continue;
      const call = readEntry(entry);
      if (call instanceof Error) {
        // One damaged entry is dropped and reported; the others still go.
        console.warn("live: a waiting change kept here could not be read", call);
        if (typeof entry.seed === "string") journal.remove(entry.seed);
        failed(String(entry.name), new LiveError(UNREADABLE_CHANGE, "A change kept on this device could not be read"));
        continue;
      }
      this.restored.add(entry.seed);
      this.methods.apply(call.name, call.params, { randomSeed: entry.seed }).catch((error: unknown) => {
        if (error instanceof LiveError && error.error !== CONNECTION_CLOSED) failed(call.name, error);
      });
    }
  }

  /**
   * Starts `collections` from the documents `cache` kept last time (so a
   * room opens with no line to the server) and keeps them there as they
   * change. Documents the server does not send again once its
   * subscriptions are ready are dropped (removed meanwhile).
   */
  cacheDocsIn(cache: DocCache, collections: readonly string[]): void {
    const wanted = new Set(collections);
    this.cacheSeeded = cache.load().then(
      (kept) => {
        // Too late once the server's data is complete: it is newer than anything kept.
        if (this.serverDataComplete) return;
        this.store.seedFromCache(new Map([...kept].filter(([name]) => wanted.has(name))));
      },
      () => {}, // an unreadable cache: the room starts from the server
    );
    this.stopCaching = keepCached(this.store, cache, wanted);
  }

  private dropCachedWhenComplete(): void {
    if (!this.subscriptions.allReady()) return;
    this.serverDataComplete = true;
    if (this.store.hasCachedLeftovers) this.store.dropCachedLeftovers();
  }

  /** Told when a call made again from the journal is refused (e.g. its item was deleted meanwhile). */
  onRestoredCallFailed(listener: (name: string, error: LiveError) => void): () => void {
    this.restoreFailureListeners.add(listener);
    return () => {
      this.restoreFailureListeners.delete(listener);
    };
  }

  /** The DDP session id from the latest `connected`, if any. */
  get session(): string | undefined {
    return this.ddp.id;
  }

  status(): LiveStatus {
    return this.socket.status.get();
  }

  /** Returns a function that removes the listener. */
  onStatus(listener: StatusListener): () => void {
    return this.socket.status.onChange(listener);
  }

  /**
   * Subscribes to a publication. A last argument made only of `onReady` /
   * `onStop` functions is taken as callbacks (as in Meteor), not a parameter.
   */
  subscribe(name: string, ...params: unknown[]): SubscriptionHandle {
    const last = params.at(-1);
    if (isCallbacks(last)) return this.subscriptions.add(name, params.slice(0, -1), last);
    return this.subscriptions.add(name, params);
  }

  /**
   * Registers a method's stub (Meteor's client-side method): it runs the
   * moment the method is called, and its writes show until the server's
   * answer settles the call (app/live/simulation.ts).
   * @returns a function that removes it.
   */
  defineStub(name: string, stub: MethodStub): () => void {
    this.stubs.set(name, stub);
    return () => {
      if (this.stubs.get(name) === stub) this.stubs.delete(name);
    };
  }

  /** Calls a method; resolves once both its result and its `updated` arrived. */
  call(name: string, ...params: unknown[]): Promise<unknown> {
    return this.methods.apply(name, params);
  }

  apply(name: string, params: readonly unknown[], options: ApplyOptions = {}): Promise<unknown> {
    return this.methods.apply(name, params, options);
  }

  /**
   * Runs `hook` on every reconnect, after `connect` and before outstanding
   * calls and subscriptions are re-sent; calls it makes go out first.
   * Returns a function that removes it.
   */
  onReconnect(hook: ReconnectHook): () => void {
    this.reconnectHooks.add(hook);
    return () => {
      this.reconnectHooks.delete(hook);
    };
  }

  /** Connects now (no-op while connected), without counting a retry. */
  reconnect(): void {
    this.socket.reconnect();
  }

  /** Goes `offline` until `reconnect()`; calls and subscriptions are kept. */
  disconnect(): void {
    this.socket.disconnect();
  }

  /**
   * The room is gone for this person (deleted, or they were removed): calls
   * still waiting can never be made, and are dropped. (What the browser kept
   * of them goes with the room's stores: offline-stores.ts `deleteRoomData`.)
   */
  dropWaitingCalls(): void {
    this.methods.failAll(new LiveError(CONNECTION_CLOSED, "The room is gone"));
  }

  /** Closes for good: stops listening, drops timers, fails pending calls. */
  close(): void {
    this.stopCaching();
    this.socket.dispose();
    this.store.dispose();
    const closed = new LiveError(CONNECTION_CLOSED, "The connection was closed");
    this.methods.failAll(closed);
    this.subscriptions.endAll(closed);
  }

  private runReconnectHooks(): void {
    for (const hook of [...this.reconnectHooks]) {
      try {
        hook(this);
      } catch (error) {
        console.error(error);
      }
    }
  }
}
