/**
 * One DDP session: one per WebSocket. Decodes frames, runs the handshake,
 * and processes messages one at a time in order (a method may `unblock()` to
 * let the next message start). Subscriptions feed a per-connection merge
 * box; methods answer `result`, then `updated` once the data they caused has
 * been queued (the change hub's write fence).
 *
 * What must outlive hibernation is written through `SessionEnvironment`:
 * the session identity to the socket attachment, subscriptions and method
 * results to DO storage.
 */
import { SUPPORTED_DDP_VERSIONS } from "../../protocol/constants";
import {
  type ClientMessage,
  type DataMessage,
  encode,
  negotiateVersion,
  type ParsedClientFrame,
  parseClientMessage,
  type ServerMessage,
} from "../../protocol/ddp";
import { DDP_ERROR, type DdpErrorReason } from "../../protocol/errors";
import { canMove, move, type Transitions } from "../transitions";
import { enforceRateLimits } from "./call-checks";
import { runJoined, runLeft } from "./connection-hooks";
import { encodeData } from "./encode-data";
import { FrameBatcher } from "./frame-batcher";
import { MergeBox } from "./merge-box";
import { callMethod, type MethodSession } from "./method-call";
import { NamedSubscriptions } from "./named-subscriptions";
import { OpeningGate } from "./opening-gate";
import { backlogRefusal, CLOSE_FLOODING, PushBack } from "./push-back";
import type { RateLimitInput } from "./rate-limit-rules";
import type { UserConnection } from "./registry";
import type { SessionEnvironment, SessionState } from "./session-state";
import { LiveSubscription } from "./subscription";
import type { CallerInfo } from "./types";
import { UniversalRuns } from "./universal-runs";
import { yieldToRuntime } from "./yield";

/**
 * What a session is doing with its socket. `live`: it answers, and sends
 * its subscriptions' data. `restoring`: after the object woke, it re-runs
 * its stored subscriptions without sending, so the merge box again matches
 * what the client already holds; then it is live again. `closed`: the
 * socket went; nothing is sent and nothing more is done. (Whether the
 * client has sent `connect` yet is the session id's to say, in
 * `SessionState`: it outlives hibernation, the phase does not.)
 */
export type SessionPhase = "live" | "restoring" | "closed";
export const SESSION_MOVES = {
  live: ["restoring", "closed"],
  restoring: ["live", "closed"],
  closed: [],
} as const satisfies Transitions<SessionPhase>;

function newSessionId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
}

export class Session<H> {
  private state: SessionState;
  private readonly subs: NamedSubscriptions<H>;
  private readonly box: MergeBox;
  private queue: Promise<void> = Promise.resolve();
  /** This connection's runs of the universal publications (never in `subs`: no client id). */
  private readonly universal: UniversalRuns<H>;
  /** Makes every subscription run's merge-box key unique (see LiveSubscription). */
  private runs = 0;
  private readonly pushBack = new PushBack();
  private readonly batcher = new FrameBatcher((frame) => this.sendFrame(frame));
  private phase: SessionPhase = "live";
  /** The user the connection hooks last heard this connection join as (until they hear it left). */
  private joinedAs: UserConnection | null = null;
  /** What a method call needs of this session (method-call.ts). */
  private readonly methodSession: MethodSession<H>;
  /** Calls and subscriptions waiting for the object to open. */
  private readonly gate: OpeningGate<H>;

  constructor(
    readonly connectionId: string,
    state: SessionState,
    private readonly env: SessionEnvironment<H>,
  ) {
    this.state = { ...state };
    this.box = new MergeBox((message) => this.sendData(message));
    this.universal = new UniversalRuns(env.registry.universal, (name) =>
      this.newSubscription(`universal:${name}`, name, []),
    );
    this.methodSession = {
      env,
      state: () => this.state,
      caller: () => this.caller(),
      send: (message) => this.send(message),
      enqueue: (frame) => this.enqueue(frame),
      rateLimit: (name) => this.rateLimit("method", name),
      setUser: (userId, loginTokenHash) => this.setUser(userId, loginTokenHash),
      noteRefusal: () => this.noteRefusal(),
    };
    this.subs = new NamedSubscriptions({
      connectionId,
      env,
      newSubscription: (id, name, args) => this.newSubscription(id, name, args),
      send: (message) => this.send(message),
      rateLimit: (name) => this.rateLimit("subscription", name),
      closed: () => this.closed,
    });
    this.gate = new OpeningGate(env.registry, env.opening, (parsed) => this.enqueueParsed(parsed));
  }

  get sessionId(): string | null {
    return this.state.sessionId;
  }

  /** Documents this connection has been sent and the merge box keeps (docs/scale.md). */
  get sentDocuments(): number {
    return this.box.documentCount();
  }

  private get closed(): boolean {
    return this.phase === "closed";
  }

  /** Records a server heartbeat ping, in the attachment so a wake keeps it. */
  notePing(at: number): void {
    this.state = { ...this.state, pingSentAt: at };
    this.env.saveState(this.state);
  }

  /**
   * Queues one frame (text, or binary with bytes); frames are processed
   * strictly in arrival order. A connection whose queue is full gets its
   * calls and subscriptions refused at once (see push-back.ts).
   */
  receive(frame: string | ArrayBuffer | ArrayBufferView): Promise<void> {
    if (this.state.pingSentAt) {
      // Any message answers the server's ping.
      this.state = { ...this.state, pingSentAt: null };
      this.env.saveState(this.state);
    }
    const parsed = parseClientMessage(frame);
    if ((this.pushBack.full || this.gate.full) && this.refuse(parsed)) return Promise.resolve();
    if (this.state.sessionId !== null && this.gate.hold(parsed)) return Promise.resolve();
    return this.enqueueParsed(parsed);
  }

  /** Queues a parsed frame behind the ones before it. */
  private enqueueParsed(parsed: ParsedClientFrame): Promise<void> {
    const behindOthers = this.pushBack.waitingCount > 0;
    this.pushBack.queued();
    const next = this.queue.then(async () => {
      // One connection's burst gives other events a turn between frames (yield.ts).
      if (behindOthers) await yieldToRuntime();
      this.pushBack.started();
      return this.process(parsed);
    });
    this.queue = next.catch((error: unknown) => console.error("live: session error", error));
    return this.queue;
  }

  /** Counts a `too-many-requests` answer; a connection that keeps ignoring them is closed. */
  private noteRefusal(): void {
    if (this.pushBack.refused(this.env.now())) this.env.close(CLOSE_FLOODING, "Too many requests: slow down");
  }

  /** Answers a call or subscription at once with `too-many-requests` (see push-back.ts); false for anything else. */
  private refuse(parsed: ParsedClientFrame): boolean {
    if (parsed.kind !== "message" || this.state.sessionId === null) return false;
    const answer = backlogRefusal(parsed.message);
    if (!answer) return false;
    this.noteRefusal();
    for (const message of answer) this.send(message);
    return true;
  }

  /**
   * After hibernation or eviction: re-runs stored subscriptions without
   * sending, so the merge box matches what the client already holds.
   */
  restore(): Promise<void> {
    // Memory starts empty after a wake: the hooks hear again who is logged in
    // here, synchronously, so every connection is announced before any
    // subscription re-runs.
    const joined = this.join();
    const work = async () => {
      await joined;
      let failed: { id: string; error: unknown }[] = [];
      if (this.phase !== "live") return;
      this.phase = move(SESSION_MOVES, "live", "restoring");
      try {
        if (this.state.sessionId !== null) await this.runUniversal();
        failed = await this.subs.restore();
      } finally {
        // Closed meanwhile, it stays closed.
        if (canMove(SESSION_MOVES, this.phase, "live")) this.phase = "live";
      }
      // The client believes these are live: tell it they ended, so it can
      // subscribe again, rather than leave them silently frozen.
      for (const { id, error } of failed) this.subs.end(id, error);
    };
    // Stored subscriptions read what the object is still preparing: they re-run once it has opened.
    const opening = this.env.opening();
    this.queue = opening ? this.queue.then(() => opening).then(work) : this.queue.then(work);
    return opening ? Promise.resolve() : this.queue;
  }

  close(): void {
    if (this.closed) return;
    this.phase = move(SESSION_MOVES, this.phase, "closed");
    this.subs.stopAll();
    this.universal.stopAll();
    this.env.storage.deleteConnection(this.connectionId);
    this.leave();
  }

  /** Tells the connection hooks this connection is logged in as its user (if any, and not told yet). */
  private join(): Promise<void> {
    const { userId } = this.state;
    if (userId === null || this.joinedAs !== null || this.closed) return Promise.resolve();
    const since = this.state.loggedInAt ?? this.state.connectedAt ?? this.env.now();
    this.joinedAs = { connectionId: this.connectionId, userId, since };
    return runJoined(this.env.registry.connectionHooks, this.env.host, this.joinedAs);
  }

  /** Tells the connection hooks this connection is no longer logged in as the user they last heard. */
  private leave(): void {
    const joined = this.joinedAs;
    if (joined === null) return;
    this.joinedAs = null;
    runLeft(this.env.registry.connectionHooks, this.env.host, joined);
  }

  send(message: ServerMessage): void {
    this.enqueue(encode(message));
  }

  /**
   * Every frame to the client goes through here, so they stay in order
   * (batched if the client asked; `data` frames may wait for the batcher's
   * interval, see FrameBatcher).
   */
  private enqueue(frame: string, data = false): void {
    if (this.state.batch) this.batcher.push(frame, data);
    else this.sendFrame(frame);
  }

  /** Sends what is queued for a batching client now (before the server closes the socket). */
  flush(): void {
    this.batcher.flush();
  }

  private sendFrame(frame: string): void {
    if (this.closed) return;
    try {
      this.env.send(frame);
    } catch {
      // The socket is already gone; its close handler will clean up.
    }
  }

  private sendData(message: DataMessage): void {
    if (this.phase === "live") this.enqueue(encodeData(message), true);
  }

  private sendError(reason: DdpErrorReason, offendingMessage?: unknown): void {
    this.send(offendingMessage === undefined ? { msg: "error", reason } : { msg: "error", reason, offendingMessage });
  }

  private caller(): CallerInfo {
    return {
      connectionId: this.connectionId,
      sessionId: this.state.sessionId ?? "",
      userId: this.state.userId,
      clientAddress: this.state.clientAddress,
      origin: this.state.origin ?? null,
    };
  }

  private async process(parsed: ParsedClientFrame): Promise<void> {
    if (this.closed) return;
    if (parsed.kind === "error") return this.sendError(parsed.reason, parsed.offendingMessage);
    if (parsed.kind === "bad-connect") return this.fail(SUPPORTED_DDP_VERSIONS[0] as string);
    const message = parsed.message;
    if (message.msg === "connect") return this.connect(message);
    if (this.state.sessionId === null) return this.sendError(DDP_ERROR.MUST_CONNECT, message);
    await this.dispatch(message);
  }

  private async dispatch(message: Exclude<ClientMessage, { msg: "connect" }>): Promise<void> {
    switch (message.msg) {
      case "ping":
        return this.send(message.id === undefined ? { msg: "pong" } : { msg: "pong", id: message.id });
      case "pong":
        return;
      case "sub":
        return this.subs.subscribe(message.id, message.name, message.params);
      case "unsub":
        return this.subs.unsubscribe(message.id);
      case "method":
        return callMethod(this.methodSession, message);
      default: {
        const unreachable: never = message;
        return unreachable;
      }
    }
  }

  private fail(version: string): void {
    this.send({ msg: "failed", version });
    this.env.close(1002, "DDP version negotiation failed");
  }

  private connect(message: Extract<ClientMessage, { msg: "connect" }>): Promise<void> | undefined {
    if (this.state.sessionId !== null) {
      this.sendError(DDP_ERROR.ALREADY_CONNECTED, message);
      return;
    }
    const picked = negotiateVersion(message.support, SUPPORTED_DDP_VERSIONS);
    if (picked !== message.version) {
      this.fail(picked ?? (SUPPORTED_DDP_VERSIONS[0] as string));
      return;
    }
    // Resuming the previous session id lets re-sent methods be answered
    // from the result cache instead of running twice.
    const resumed = message.session !== undefined && this.env.adoptSession(message.session);
    const sessionId = resumed && message.session ? message.session : newSessionId();
    this.state = { ...this.state, sessionId, resumed, batch: message.batch === true };
    this.env.saveState(this.state);
    this.env.storage.touchSession(sessionId, this.env.now());
    this.send({ msg: "connected", session: sessionId });
    return this.runUniversal();
  }

  private runUniversal(): Promise<void> {
    return this.universal.rerun(() => this.closed);
  }

  private rateLimit(type: RateLimitInput["type"], name: string): void {
    const { userId, clientAddress } = this.state;
    enforceRateLimits(this.env.registry.rateLimits, this.env.storage, this.env.now(), {
      type,
      name,
      userId,
      connectionId: this.connectionId,
      clientAddress,
    });
  }

  private newSubscription(id: string, name: string, args: unknown[]): LiveSubscription<H> {
    const boxKey = `${id}#${++this.runs}`;
    return new LiveSubscription(id, name, args, boxKey, this.box, this.env.observations, this.caller(), this.env.host);
  }

  /** Logs the connection in or out and re-runs every subscription as that user. */
  private async setUser(userId: string | null, loginTokenHash: string | null): Promise<void> {
    const switched = userId !== this.state.userId;
    // A new token for the same user (getNewToken, a second login) is not a new arrival.
    const loggedInAt = switched ? (userId === null ? null : this.env.now()) : this.state.loggedInAt;
    this.state = { ...this.state, userId, loginTokenHash, loggedInAt };
    this.env.saveState(this.state);
    if (switched) {
      this.leave();
      // Before the subscriptions re-run, so they already see the new user's effects.
      await this.join();
    }
    await this.runUniversal();
    if (this.closed) return;
    await this.subs.rerun();
  }
}
