/**
 * The connection's state machine and reconnect policy (docs/protocol.md §1). The
 * transport below it handles one socket; this decides when to make the next.
 *
 *                     socket open
 *   ┌────────────┐ ───────────────▶ ┌───────────┐
 *   │ connecting │                  │ connected │  (retryCount reset to 0)
 *   └────────────┘ ◀──┐             └───────────┘
 *        │ lost       │ timer: retryCount + 1 │ lost / browser offline
 *        ▼            │                       ▼
 *   ┌─────────┐ ──────┘  reconnect(): now, same count
 *   │ waiting │ ◀───────────────────────────────────
 *   └─────────┘  retryTime = now + retryDelay(retryCount)
 *
 *   disconnect() from anywhere → offline (no timer; reconnect() leaves it)
 *   fail(reason)                → failed (no timer; e.g. DDP version mismatch)
 *
 * Browser hints shorten the wait: `online` reconnects at once unless the user
 * chose `offline`; a tab becoming visible while `waiting` reconnects at once
 * (timers in background tabs are throttled, so the wait may have overrun).
 */
import type { ClientMessage, ServerMessage } from "../../protocol/ddp";
import { retryDelay } from "./retry";
import { type LiveStatus, StatusHolder } from "./status";
import { Transport, type WebSocketConstructor } from "./transport";

/** Where browser events come from; both are optional (absent outside a browser). */
export interface BrowserEvents {
  window?: Pick<EventTarget, "addEventListener" | "removeEventListener">;
  document?: Pick<EventTarget, "addEventListener" | "removeEventListener"> & {
    readonly visibilityState: string;
  };
}

export interface SocketManagerOptions {
  url: string;
  WebSocket: WebSocketConstructor;
  now: () => number;
  random: () => number;
  events: BrowserEvents;
}

export interface SocketManagerHandlers {
  /** A socket opened: send the handshake and re-send what is outstanding. */
  onOpen(): void;
  onMessage(message: ServerMessage): void;
  /** The socket that was open (or opening) is gone, for whatever reason. */
  onClose(): void;
}

export const OFFLINE_REASON = "Browser offline";

export class SocketManager {
  readonly status = new StatusHolder();
  private readonly transport: Transport;
  private retryCount = 0;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly removeListeners: () => void;

  constructor(
    private readonly options: SocketManagerOptions,
    private readonly handlers: SocketManagerHandlers,
  ) {
    this.transport = new Transport(options.url, options.WebSocket, {
      onOpen: () => this.opened(),
      onMessage: (message) => this.handlers.onMessage(message),
      onLost: (reason) => this.lost(reason),
    });
    this.removeListeners = this.listen(options.events);
  }

  /** Makes the first attempt. */
  start(): void {
    this.connectNow();
  }

  send(message: ClientMessage): boolean {
    return this.transport.send(message);
  }

  /** Connects now, without counting an attempt; a no-op while connected. */
  reconnect(): void {
    if (this.status.get().connected) return;
    this.transport.close();
    this.connectNow();
  }

  /** The user's choice to go offline: close and stay closed until reconnect(). */
  disconnect(): void {
    this.stop({ status: "offline", connected: false, retryCount: 0 });
    this.retryCount = 0;
  }

  /** A permanent failure: close and never retry on our own. */
  fail(reason: string): void {
    this.stop({ status: "failed", connected: false, retryCount: this.retryCount, reason });
  }

  /** Disconnects and stops listening to the browser; the manager is done. */
  dispose(): void {
    this.disconnect();
    this.removeListeners();
  }

  private connectNow(): void {
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    this.status.set({ status: "connecting", connected: false, retryCount: this.retryCount });
    this.transport.open();
  }

  private opened(): void {
    this.retryCount = 0;
    // The handshake and the re-sending of waiting calls go first: a call made by someone told of
    // the new status (an upload that was waiting for the line) then goes once, after them.
    this.handlers.onOpen();
    this.status.set({ status: "connected", connected: true, retryCount: 0 });
  }

  private lost(reason: string): void {
    const state = this.status.get().status;
    if (state === "offline" || state === "failed") return;
    this.handlers.onClose();
    const delay = retryDelay(this.retryCount, this.options.random);
    this.status.set({
      status: "waiting",
      connected: false,
      retryCount: this.retryCount,
      retryTime: this.options.now() + delay,
      reason,
    });
    this.retryTimer = setTimeout(() => {
      this.retryCount += 1;
      this.connectNow();
    }, delay);
  }

  private stop(next: LiveStatus): void {
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    const hadSocket = this.status.get().status === "connected" || this.status.get().status === "connecting";
    this.transport.close();
    this.status.set(next);
    if (hadSocket) this.handlers.onClose();
  }

  private listen({ window, document }: BrowserEvents): () => void {
    const online = () => {
      if (this.status.get().status !== "offline") this.reconnect();
    };
    const offline = () => {
      const state = this.status.get().status;
      if (state !== "connected" && state !== "connecting") return;
      // The browser knows the network is gone before any timer would notice.
      this.transport.close();
      this.lost(OFFLINE_REASON);
    };
    const visibility = () => {
      if (document?.visibilityState === "visible" && this.status.get().status === "waiting") this.reconnect();
    };
    window?.addEventListener("online", online);
    window?.addEventListener("offline", offline);
    document?.addEventListener("visibilitychange", visibility);
    return () => {
      window?.removeEventListener("online", online);
      window?.removeEventListener("offline", offline);
      document?.removeEventListener("visibilitychange", visibility);
    };
  }
}
