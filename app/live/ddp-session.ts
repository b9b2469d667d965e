/**
 * The DDP session over whichever socket is open: what a socket gets when it
 * opens, and where each message from the server goes. Kept apart from
 * `LiveConnection` (connection.ts), which owns the parts and offers them to
 * the app; this is the protocol between them and the server.
 *
 * Every socket that opens gets the same start, whether first or not:
 *   1. `connect`, carrying the last session id so the server can answer
 *      re-sent methods from its exactly-once result cache;
 *   2. on a reconnect, the `onReconnect` hooks (accounts re-logs-in here, as
 *      a `wait` call, so it runs before anything else);
 *   3. outstanding method calls (same id, params and random seed; `noRetry`
 *      calls that were already sent fail instead);
 *   4. every live subscription, with the same id.
 * Then, if an earlier session existed, reconnect quiescence holds incoming
 * data until the old view can be replaced in one batch (see quiescence.ts).
 */
import { DDP_VERSION, SUPPORTED_DDP_VERSIONS } from "../../protocol/constants";
import type { ClientMessage, ServerMessage } from "../../protocol/ddp";
import type { Methods } from "./methods";
import { type ControlMessage, type HeldMessage, Quiescence } from "./quiescence";
import type { SocketManager } from "./socket-manager";
import type { LiveStore } from "./store";
import type { Subscriptions } from "./subscriptions";

export interface DdpSessionParts {
  socket: Pick<SocketManager, "send" | "fail">;
  store: LiveStore;
  subscriptions: Subscriptions;
  methods: Methods;
  /** Runs the `onReconnect` hooks: after `connect`, before outstanding calls and subscriptions. */
  reconnected(): void;
  /** A subscription became ready or stopped: the server's data may now be complete. */
  subscriptionsSettled(): void;
}

export class DdpSession {
  private sessionId: string | undefined;
  private hasOpened = false;
  private quiescence: Quiescence | null = null;

  constructor(private readonly parts: DdpSessionParts) {}

  /** The DDP session id from the latest `connected`, if any. */
  get id(): string | undefined {
    return this.sessionId;
  }

  /** Whatever was held for quiescence belonged to that socket's session. */
  closed(): void {
    this.quiescence = null;
  }

  opened(): void {
    const { socket, methods, subscriptions } = this.parts;
    const reconnecting = this.hasOpened;
    this.hasOpened = true;
    // `batch`: our server may send a burst of messages in one frame (see protocol/ddp.ts).
    const connect: ClientMessage = {
      msg: "connect",
      version: DDP_VERSION,
      support: [...SUPPORTED_DDP_VERSIONS],
      batch: true,
    };
    if (this.sessionId !== undefined) connect.session = this.sessionId;
    socket.send(connect);
    methods.beginReconnect();
    if (reconnecting) this.parts.reconnected();
    methods.endReconnect();
    subscriptions.resendAll();
  }

  received(message: ServerMessage): void {
    switch (message.msg) {
      case "connected":
        this.sessionStarted(message.session);
        return;
      case "failed":
        this.parts.socket.fail(`DDP version negotiation failed; server requested version ${message.version}`);
        return;
      case "added":
      case "changed":
      case "removed":
        if (this.quiescence) this.hold(message);
        else this.parts.store.write(message);
        return;
      case "ready":
      case "nosub":
      case "updated":
        if (this.quiescence) this.hold(message);
        else this.settle(message);
        return;
      case "result":
        // Data sent before the result belongs to what the caller will look at.
        if (!this.quiescence) this.parts.store.flush();
        this.parts.methods.receiveResult(message.id, message.result, message.error);
        return;
      case "error":
        console.warn("Live connection: error from server:", message.reason, message.offendingMessage);
        return;
      case "ping":
      case "pong":
        // Answered by the transport.
        return;
      default:
        message satisfies never;
        return;
    }
  }

  private sessionStarted(session: string): void {
    const previous = this.sessionId;
    this.sessionId = session;
    if (previous === undefined) return;
    // A new session re-sends every document: hold them until complete.
    this.parts.store.flush();
    const gate = new Quiescence(this.parts.subscriptions.readyIds(), this.parts.methods.sentWithoutResult());
    if (gate.done) this.release(gate);
    else this.quiescence = gate;
  }

  private hold(message: HeldMessage): void {
    const gate = this.quiescence;
    if (gate?.hold(message)) this.release(gate);
  }

  private release(gate: Quiescence): void {
    this.quiescence = null;
    const { data, control } = gate.release();
    this.parts.store.reset(data);
    for (const message of control) this.settle(message);
    this.parts.methods.finishHalfDone();
  }

  /** `ready`, `nosub` and `updated` vouch for the data before them: flush it first. */
  private settle(message: ControlMessage): void {
    const { store, subscriptions, methods } = this.parts;
    store.flush();
    switch (message.msg) {
      case "ready":
        subscriptions.markReady(message.subs);
        this.parts.subscriptionsSettled();
        return;
      case "nosub":
        subscriptions.markStopped(message.id, message.error);
        this.parts.subscriptionsSettled();
        return;
      case "updated":
        methods.receiveUpdated(message.methods);
        return;
      default:
        message satisfies never;
        return;
    }
  }
}
