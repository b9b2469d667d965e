/**
 * A scripted stand-in for the browser WebSocket and the server behind it,
 * for the live client's unit tests. Nothing touches the network: the test
 * plays the server by calling `open()`, `receive()` and `drop()`.
 */

import { LiveConnection, type LiveConnectionOptions } from "../../app/live/connection";
import type { SocketLike, WebSocketConstructor } from "../../app/live/transport";
import { type ClientMessage, encode, parseClientMessage, type ServerMessage } from "../../protocol/ddp";

export class FakeSocket implements SocketLike {
  readyState = 0;
  /** Raw frames the client sent, in order: JSON text, or binary frames carrying bytes. */
  readonly frames: Array<string | Uint8Array> = [];
  /** Codes passed to close(); `undefined` would mean a bare close(). */
  readonly closeCodes: Array<number | undefined> = [];
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;

  constructor(readonly url: string) {}

  send(data: string | Uint8Array): void {
    if (this.readyState !== 1) throw new Error("send on a socket that is not open");
    this.frames.push(data);
  }

  close(code?: number): void {
    this.closeCodes.push(code);
    this.readyState = 3;
  }

  /** The server accepts the socket. */
  open(): void {
    this.readyState = 1;
    this.onopen?.(new Event("open"));
  }

  /** The server sends one message (or a raw frame). */
  receive(message: ServerMessage | string): void {
    const data = typeof message === "string" ? message : encode(message);
    this.onmessage?.(new MessageEvent("message", { data }));
  }

  /** The network or server drops the socket. */
  drop(code = 1006): void {
    this.readyState = 3;
    this.onclose?.(new CloseEvent("close", { code }));
  }

  /** Client messages sent so far, decoded. */
  messages(): ClientMessage[] {
    return this.frames.flatMap((frame) => {
      const parsed = parseClientMessage(frame);
      return parsed.kind === "message" ? [parsed.message] : [];
    });
  }

  /** Client messages of one kind. */
  sentOf<K extends ClientMessage["msg"]>(msg: K): Array<Extract<ClientMessage, { msg: K }>> {
    return this.messages().filter((m): m is Extract<ClientMessage, { msg: K }> => m.msg === msg);
  }

  get isClosed(): boolean {
    return this.readyState === 3;
  }
}

/** A WebSocket constructor whose instances the test can reach. */
export function fakeWebSocket(): { WebSocket: WebSocketConstructor; sockets: FakeSocket[]; last(): FakeSocket } {
  const sockets: FakeSocket[] = [];
  class WebSocket extends FakeSocket {
    constructor(url: string) {
      super(url);
      sockets.push(this);
    }
  }
  return {
    WebSocket,
    sockets,
    last() {
      const socket = sockets.at(-1);
      if (!socket) throw new Error("no socket was created");
      return socket;
    },
  };
}

/** Page events the test can fire, kept apart from the real window. */
export function fakePage(): { window: EventTarget; document: EventTarget & { visibilityState: string } } {
  return { window: new EventTarget(), document: Object.assign(new EventTarget(), { visibilityState: "visible" }) };
}

export interface Harness {
  connection: LiveConnection;
  sockets: FakeSocket[];
  socket(): FakeSocket;
  page: ReturnType<typeof fakePage>;
  /** Opens the latest socket and answers the handshake with `session`. */
  handshake(session?: string): FakeSocket;
}

/** A connection over fake sockets; the first socket is created at once. */
export function connect(options: Partial<LiveConnectionOptions> = {}): Harness {
  const fake = fakeWebSocket();
  const page = fakePage();
  const connection = new LiveConnection({
    url: "ws://stockroom.test/api/websocket",
    WebSocket: fake.WebSocket,
    random: () => 0.5,
    events: page,
    ...options,
  });
  return {
    connection,
    sockets: fake.sockets,
    socket: fake.last,
    page,
    handshake(session = "session-1") {
      const socket = fake.last();
      socket.open();
      socket.receive({ msg: "connected", session });
      return socket;
    },
  };
}
