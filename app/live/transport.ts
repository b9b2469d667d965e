/**
 * One WebSocket at a time, and the timers that decide it is dead.
 *
 *   open() ──▶ socket created ──(10 s, no open)──▶ lost "Connection timeout"
 *                  │ open
 *                  ▼
 *             socket open ──(100 s with no incoming frame)──▶ lost
 *                  │ DDP `connected`
 *                  ▼
 *             heartbeat: 17.5 s of silence ──▶ send ping ──(15 s silence)──▶ lost
 *
 * Any incoming frame proves the server alive: it clears a pending ping and
 * restarts both silence clocks. The heartbeat starts with the DDP session
 * (as in Meteor), so before the handshake only the 100 s transport silence
 * applies.
 *
 * The transport never retries; it reports `onLost` once per socket and leaves
 * policy to the socket manager. Closing a socket ourselves never reports.
 */

import { encodeFrame } from "../../protocol/binary-frame";
import {
  AUTO_PING_FRAME,
  CLIENT_HEARTBEAT_INTERVAL,
  CLIENT_HEARTBEAT_TIMEOUT,
  CONNECT_TIMEOUT,
  TRANSPORT_SILENCE_TIMEOUT,
} from "../../protocol/constants";
import { type ClientMessage, parseServerFrame, type ServerMessage } from "../../protocol/ddp";
import { ERROR_TEXT } from "../../protocol/errors";

/** The part of the browser WebSocket the client uses; tests pass a fake. */
export interface SocketLike {
  readonly readyState: number;
  send(data: string | Uint8Array<ArrayBuffer>): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
}

export type WebSocketConstructor = new (url: string) => SocketLike;

export const LOST_REASON = {
  CONNECT_TIMEOUT: ERROR_TEXT.CONNECTION_TIMEOUT,
  HEARTBEAT_TIMEOUT: "Heartbeat timeout",
  TRANSPORT_SILENCE: "Transport silence",
  CLOSED: "Connection closed",
} as const;

/** WebSocket.OPEN, spelled out so a fake constructor needs no statics. */
const OPEN = 1;
/**
 * Always close with a code: a bare `close()` makes some runtimes (wrangler
 * dev among them) keep the socket half-open for ~10 s before a 1006.
 */
const NORMAL_CLOSURE = 1000;

export interface TransportHandlers {
  onOpen(): void;
  onMessage(message: ServerMessage): void;
  onLost(reason: string): void;
}

type Timer = ReturnType<typeof setTimeout>;

export class Transport {
  private socket: SocketLike | null = null;
  private connectTimer: Timer | undefined;
  private silenceTimer: Timer | undefined;
  private heartbeatTimer: Timer | undefined;
  private pingTimer: Timer | undefined;
  private heartbeating = false;

  constructor(
    private readonly url: string,
    private readonly WebSocketImpl: WebSocketConstructor,
    private readonly handlers: TransportHandlers,
  ) {}

  /** Whether a socket is open and can carry frames now. */
  get isOpen(): boolean {
    return this.socket !== null && this.socket.readyState === OPEN;
  }

  /** Drops any current socket (without reporting it) and starts a new one. */
  open(): void {
    this.close();
    let socket: SocketLike;
    try {
      socket = new this.WebSocketImpl(this.url);
    } catch (error) {
      // A bad URL throws synchronously; report it like any other failure, but
      // not from inside open() so the caller's state is settled first.
      const reason = error instanceof Error ? error.message : LOST_REASON.CLOSED;
      this.connectTimer = setTimeout(() => this.handlers.onLost(reason), 0);
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      if (this.socket !== socket) return;
      clearTimeout(this.connectTimer);
      this.armSilence();
      this.handlers.onOpen();
    };
    socket.onmessage = (event) => {
      if (this.socket !== socket) return;
      const data: unknown = event.data;
      this.received(typeof data === "string" ? data : null);
    };
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.lose(event.code ? `${LOST_REASON.CLOSED} (${event.code})` : LOST_REASON.CLOSED);
    };
    // An error is always followed by a close; acting on both would report twice.
    socket.onerror = null;
    this.connectTimer = setTimeout(() => this.lose(LOST_REASON.CONNECT_TIMEOUT), CONNECT_TIMEOUT);
  }

  /** Closes the current socket on purpose; nothing is reported. */
  close(): void {
    this.stopTimers();
    const socket = this.socket;
    if (!socket) return;
    this.socket = null;
    socket.onopen = socket.onmessage = socket.onclose = socket.onerror = null;
    try {
      socket.close(NORMAL_CLOSURE);
    } catch {
      // Closing a socket that never connected may throw in some browsers.
    }
  }

  /**
   * Sends one message; false if no socket is open (the caller re-sends
   * later). A message carrying bytes (a file chunk) goes as a binary frame,
   * a third smaller and cheaper on both ends than base64 in JSON.
   */
  send(message: ClientMessage): boolean {
    return this.sendFrame(encodeFrame(message));
  }

  private sendFrame(frame: string | Uint8Array<ArrayBuffer>): boolean {
    if (!this.isOpen) return false;
    this.socket?.send(frame);
    return true;
  }

  private received(frame: string | null): void {
    // Any frame at all counts as a pong, even one we cannot parse.
    clearTimeout(this.pingTimer);
    this.pingTimer = undefined;
    this.armSilence();
    const messages = frame === null ? [] : parseServerFrame(frame);
    if (messages.some((message) => message.msg === "connected")) this.heartbeating = true;
    if (this.heartbeating) this.armHeartbeat();
    const socket = this.socket;
    for (const message of messages) {
      // A handler may have closed or replaced the socket: the rest of the frame belongs to the old one.
      if (this.socket !== socket) break;
      if (message.msg === "ping") {
        this.send(message.id === undefined ? { msg: "pong" } : { msg: "pong", id: message.id });
      } else if (message.msg !== "pong") {
        this.handlers.onMessage(message);
      }
    }
  }

  private armSilence(): void {
    clearTimeout(this.silenceTimer);
    this.silenceTimer = setTimeout(() => this.lose(LOST_REASON.TRANSPORT_SILENCE), TRANSPORT_SILENCE_TIMEOUT);
  }

  private armHeartbeat(): void {
    clearTimeout(this.heartbeatTimer);
    this.heartbeatTimer = setTimeout(() => this.ping(), CLIENT_HEARTBEAT_INTERVAL);
  }

  private ping(): void {
    if (this.pingTimer !== undefined) return;
    // The exact auto-response frame: the server's runtime answers it without
    // waking a hibernated Durable Object, so idle connections stay free.
    if (!this.sendFrame(AUTO_PING_FRAME)) return;
    this.pingTimer = setTimeout(() => this.lose(LOST_REASON.HEARTBEAT_TIMEOUT), CLIENT_HEARTBEAT_TIMEOUT);
  }

  private lose(reason: string): void {
    if (!this.socket) return;
    this.close();
    this.handlers.onLost(reason);
  }

  private stopTimers(): void {
    for (const timer of [this.connectTimer, this.silenceTimer, this.heartbeatTimer, this.pingTimer]) {
      clearTimeout(timer);
    }
    this.connectTimer = this.silenceTimer = this.heartbeatTimer = this.pingTimer = undefined;
    this.heartbeating = false;
  }
}
