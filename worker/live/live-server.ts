/**
 * The Durable Object side of the live layer: thin lifecycle glue between
 * partyserver's hibernating sockets and one `Session` per socket.
 *
 * Hibernation: the runtime may drop this object from memory while sockets
 * stay open. On wake (`onStart`) every socket gets its session back from its
 * attachment, and its stored subscriptions are re-run silently so the merge
 * box again matches what the client holds. Client pings in the exact form
 * `{"msg":"ping"}` are answered by the runtime without waking us.
 *
 * Server heartbeat (15 s / 15 s): an alarm, set only while sockets are open,
 * pings sockets that have been silent for 15 s and closes those that stay
 * silent 15 s after the ping. Auto-answered client pings count as activity.
 */

import { type Connection, type ConnectionContext, Server, type WSMessage } from "partyserver";
import { AUTO_PING_FRAME, AUTO_PONG_FRAME, MAX_FRAME_BYTES, SERVER_HEARTBEAT_INTERVAL } from "../../protocol/constants";
import { encode } from "../../protocol/ddp";
import { DDP_ERROR } from "../../protocol/errors";
import { outsideCall } from "./call-scope";
import { ChangeHub } from "./change-hub";
import { heartbeatAction } from "./heartbeat";
import { LiveStorage } from "./live-storage";
import { ObservationPool } from "./observation";
import type { LiveRegistry } from "./registry";
import { Session } from "./session";
import type { SessionState } from "./session-state";

const CLOSE_HEARTBEAT = 4000;
const CLOSE_SESSION_MOVED = 4001;
const CLOSE_LOGGED_OUT = 4002;
const CLOSE_ACCESS_CHANGED = 4003;
/** How long background work (e-mail) waits after the call that asked for it. */
const BACKGROUND_DELAY_MS = 50;

export abstract class LiveServer<H> extends Server<Env> {
  static override options = { hibernate: true };

  readonly hub = new ChangeHub();
  private readonly observations = new ObservationPool(this.hub);
  private readonly sessions = new Map<string, Session<H>>();
  private readonly inflight = new Map<string, Promise<string[]>>();
  private readonly lastSeen = new Map<string, number>();
  /** Sockets whose messages reached `onMessage` since this object woke (see webSocketMessage). */
  private readonly knownSockets = new WeakSet<WebSocket>();
  /** What the object finishes before it serves everything (see `openWhileServing`), or null once open. */
  private openingWork: Promise<void> | null = null;
  private liveStorage?: LiveStorage;
  private registry?: LiveRegistry<H>;
  private host?: H;

  /** The methods and publications this object serves. */
  protected abstract createRegistry(): LiveRegistry<H>;
  /** What features get as `ctx.host`. Called once the object knows its name. */
  protected abstract createHost(): H;

  /** The features' host, for RPC entry points other than the live connection. */
  /**
   * What the object holds in memory for its live connections: the documents
   * sent to each (their merge boxes) and those its shared queries observe.
   * These, not the room's size, are what its memory grows with
   * (docs/scale.md); tests hold them exact.
   */
  liveDocuments(): { connections: number; sent: number; observed: number } {
    let sent = 0;
    for (const session of this.sessions.values()) sent += session.sentDocuments;
    return { connections: this.sessions.size, sent, observed: this.observations.documentCount() };
  }

  protected get liveHost(): H {
    if (!this.host) throw new Error("live object used before onStart");
    return this.host;
  }

  /**
   * The features' host if this object has started since it woke, else
   * undefined: an RPC can wake it without onStart, and then nothing the
   * host keeps in memory exists yet.
   */
  protected get startedHost(): H | undefined {
    return this.host;
  }

  protected get storage(): LiveStorage {
    this.liveStorage ??= new LiveStorage(this.ctx.storage);
    return this.liveStorage;
  }

  /**
   * Runs `work` while the object already accepts connections (opening-gate.ts):
   * until it finishes, calls and subscriptions not marked `whileOpening` wait,
   * and so does every `whenOpen()`. Work that fails resets the object, which
   * starts over on its next request (the work must be resumable).
   */
  protected openWhileServing(what: string, work: () => Promise<void>): void {
    const running = work().then(
      () => {
        this.openingWork = null;
      },
      (error: unknown) => {
        console.error(`${what} failed`, error);
        this.ctx.abort(`${what} failed`);
      },
    );
    this.openingWork = running;
    this.ctx.waitUntil(running);
  }

  /** Resolves once the object has opened (at once if it has). Entry points other than the live connection await it. */
  protected whenOpen(): Promise<void> {
    return this.openingWork ?? Promise.resolve();
  }

  /** Whether the object is still opening. */
  protected get isOpening(): boolean {
    return this.openingWork !== null;
  }

  override async onStart(): Promise<void> {
    this.registry = this.createRegistry();
    const host = this.createHost();
    this.host = host;
    for (const reaction of this.registry.reactions) this.hub.listen((change) => reaction(host, change));
    this.ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair(AUTO_PING_FRAME, AUTO_PONG_FRAME));
    const open = new Set<string>();
    const restoring: Promise<void>[] = [];
    for (const connection of this.getConnections<SessionState>()) {
      open.add(connection.id);
      restoring.push(this.sessionFor(connection).restore());
    }
    // While opening, stored subscriptions re-run later (Session.restore); nothing to wait for here.
    await Promise.all(restoring);
    this.storage.pruneConnections(open);
    if (open.size > 0) await this.scheduleHeartbeat();
  }

  override async onConnect(connection: Connection, ctx: ConnectionContext): Promise<void> {
    const state: SessionState = {
      sessionId: null,
      userId: null,
      clientAddress: ctx.request.headers.get("CF-Connecting-IP"),
      origin: new URL(ctx.request.url).origin,
      connectedAt: Date.now(),
    };
    connection.setState(state);
    this.lastSeen.set(connection.id, Date.now());
    this.sessionFor(connection as Connection<SessionState>);
    await this.scheduleHeartbeat();
  }

  /**
   * partyserver reads a socket's attachment back on every message to tell
   * its own sockets from others (a tenth of a method round trip): a socket
   * already seen here is one of them, so its messages go straight on.
   */
  override async webSocketMessage(ws: WebSocket, message: WSMessage): Promise<void> {
    if (!this.knownSockets.has(ws)) return super.webSocketMessage(ws, message);
    try {
      await this.onMessage(ws as unknown as Connection, message);
    } catch (error) {
      console.error("live: message failed", error);
    }
  }

  override async onMessage(connection: Connection, message: WSMessage): Promise<void> {
    // The connection is its socket, with partyserver's accessors defined on it.
    this.knownSockets.add(connection as unknown as WebSocket);
    this.lastSeen.set(connection.id, Date.now());
    const session = this.sessionFor(connection as Connection<SessionState>);
    // Text is measured in UTF-16 units, binary frames in bytes: both bound the work of parsing.
    const size = typeof message === "string" ? message.length : message.byteLength;
    if (size > MAX_FRAME_BYTES) {
      session.send({ msg: "error", reason: DDP_ERROR.TOO_LARGE });
      return;
    }
    await session.receive(message);
  }

  override onClose(connection: Connection): void {
    this.dropSession(connection.id);
  }

  override onError(connection: Connection): void {
    this.dropSession(connection.id);
  }

  override async onAlarm(): Promise<void> {
    const now = Date.now();
    let open = 0;
    for (const connection of this.getConnections<SessionState>()) {
      open++;
      // Keep live sessions known, so a reconnect can resume them.
      if (connection.state?.sessionId) this.storage.touchSession(connection.state.sessionId, now);
      // Activity: messages seen by this instance, pings the runtime answered
      // while we slept, and at least the time the socket opened. (Memory is
      // lost on hibernation, so the ping time lives in the attachment.)
      const autoPong = this.ctx.getWebSocketAutoResponseTimestamp(connection)?.getTime() ?? 0;
      const state = connection.state;
      const seen = Math.max(this.lastSeen.get(connection.id) ?? 0, autoPong, state?.connectedAt ?? 0);
      const action = heartbeatAction(now, seen, state?.pingSentAt ?? undefined);
      if (action === "close") {
        connection.close(CLOSE_HEARTBEAT, "heartbeat timeout");
        this.dropSession(connection.id);
        open--;
      } else if (action === "ping") {
        this.sessionFor(connection).notePing(now);
        connection.send(encode({ msg: "ping" }));
      }
    }
    this.storage.pruneExpired(now);
    if (open > 0) await this.ctx.storage.setAlarm(now + SERVER_HEARTBEAT_INTERVAL);
  }

  /**
   * Closes every connection logged in with one of these token hashes (the
   * tokens were removed). Called over RPC by whichever object removed them.
   */
  async closeTokenConnections(tokenHashes: string[]): Promise<number> {
    const removed = new Set(tokenHashes);
    let closed = 0;
    for (const connection of this.getConnections<SessionState>()) {
      const hash = connection.state?.loginTokenHash;
      if (hash && removed.has(hash)) {
        this.sessions.get(connection.id)?.flush();
        connection.close(CLOSE_LOGGED_OUT, "login token removed");
        this.dropSession(connection.id);
        closed++;
      }
    }
    return closed;
  }

  hasUserConnections(userId: string): boolean {
    for (const connection of this.getConnections<SessionState>()) if (connection.state?.userId === userId) return true;
    return false;
  }

  /** Closes the connections of one user (e.g. removed from a room), or all when `userId` is null. */
  closeUserConnections(userId: string | null, reason: string): number {
    let closed = 0;
    for (const connection of this.getConnections<SessionState>()) {
      if (userId === null || connection.state?.userId === userId) {
        // What this turn already said to them (e.g. their own `removed`) goes out first.
        this.sessions.get(connection.id)?.flush();
        connection.close(CLOSE_ACCESS_CHANGED, reason);
        this.dropSession(connection.id);
        closed++;
      }
    }
    return closed;
  }

  /**
   * Runs work after the current call has answered (see
   * AccountsHost.background); failures are logged. It starts a moment later
   * rather than at once, so it neither delays the call's `result` and
   * `updated` nor competes with them for the database.
   */
  protected runInBackground(what: string, task: () => Promise<unknown>): void {
    // Not the work of the call that started it: its writes are not that call's (call-scope.ts).
    const running = outsideCall(() =>
      new Promise((resolve) => setTimeout(resolve, BACKGROUND_DELAY_MS))
        .then(task)
        .catch((error: unknown) => console.error(`${what} failed`, error)),
    );
    this.ctx.waitUntil(running);
  }

  /** Number of sessions held in memory (for tests and benchmarks). */
  sessionCount(): number {
    return this.sessions.size;
  }

  private async scheduleHeartbeat(): Promise<void> {
    if ((await this.ctx.storage.getAlarm()) === null) {
      await this.ctx.storage.setAlarm(Date.now() + SERVER_HEARTBEAT_INTERVAL);
    }
  }

  private dropSession(connectionId: string): void {
    this.sessions.get(connectionId)?.close();
    this.sessions.delete(connectionId);
    this.lastSeen.delete(connectionId);
  }

  private sessionFor(connection: Connection<SessionState>): Session<H> {
    const existing = this.sessions.get(connection.id);
    if (existing) return existing;
    const state = connection.state ?? { sessionId: null, userId: null, clientAddress: null };
    const session = new Session<H>(
      connection.id,
      { ...state },
      {
        registry: this.registry as LiveRegistry<H>,
        hub: this.hub,
        observations: this.observations,
        storage: this.storage,
        host: this.host as H,
        now: () => Date.now(),
        send: (frame) => connection.send(frame),
        close: (code, reason) => {
          this.sessions.get(connection.id)?.flush();
          connection.close(code, reason);
          this.dropSession(connection.id);
        },
        saveState: (next) => connection.setState(next),
        adoptSession: (sessionId) => this.adoptSession(sessionId, connection.id),
        opening: () => this.openingWork,
        inflight: this.inflight,
      },
    );
    this.sessions.set(connection.id, session);
    return session;
  }

  /** A reconnecting client takes its old session over from a stale socket. */
  private adoptSession(sessionId: string, connectionId: string): boolean {
    if (!this.storage.knowsSession(sessionId, Date.now())) return false;
    for (const other of this.getConnections<SessionState>()) {
      if (other.id !== connectionId && other.state?.sessionId === sessionId) {
        other.close(CLOSE_SESSION_MOVED, "session resumed on another connection");
        this.dropSession(other.id);
      }
    }
    return true;
  }
}
