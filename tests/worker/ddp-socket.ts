/**
 * A raw DDP socket for tests: opens a WebSocket through the Worker's own
 * routing (SELF.fetch), records every frame, and waits for the ones a test
 * expects. No client library in between, so tests see the wire as it is.
 */

import { SELF } from "cloudflare:test";
import { encodeBinaryFrame } from "../../protocol/binary-frame";
import { encode, type ServerMessage } from "../../protocol/ddp";
import { parse } from "../../protocol/ejson";

export type Received = ServerMessage & Record<string, unknown>;

export class DdpSocket {
  readonly received: Received[] = [];
  closed: { code: number; reason: string } | null = null;
  private waiters: { match: (m: Received) => boolean; resolve: (m: Received) => void }[] = [];
  /** Messages already returned by `next`, so each is handed out once. */
  private readonly taken = new Set<Received>();

  private constructor(readonly ws: WebSocket) {
    ws.addEventListener("message", (event) => {
      const message = parse(event.data as string) as Received;
      this.received.push(message);
      for (const waiter of [...this.waiters]) {
        if (!this.taken.has(message) && waiter.match(message)) {
          this.waiters.splice(this.waiters.indexOf(waiter), 1);
          waiter.resolve(message);
        }
      }
    });
    ws.addEventListener("close", (event) => {
      this.closed = { code: event.code, reason: event.reason };
    });
  }

  /**
   * Opens a socket from `address` (the client address the edge sees). By
   * default each socket comes from an address of its own, as if from its own
   * machine, so the per-address edge limit on upgrades only meets the tests
   * that are about it.
   */
  static async open(path: string, address = nextAddress()): Promise<DdpSocket> {
    // A path, or a whole URL when a test needs another address (e.g. https).
    const url = path.startsWith("http") ? path : `http://stockroom.test${path}`;
    const response = await SELF.fetch(url, { headers: { Upgrade: "websocket", "CF-Connecting-IP": address } });
    if (response.status !== 101 || !response.webSocket) {
      throw new Error(`upgrade failed: ${response.status} ${await response.text()}`);
    }
    response.webSocket.accept();
    return new DdpSocket(response.webSocket);
  }

  /** Opens and completes the DDP handshake. */
  static async connect(
    path: string,
    session?: string,
    address?: string,
  ): Promise<{ socket: DdpSocket; session: string }> {
    const socket = await DdpSocket.open(path, address);
    socket.sendRaw(encode({ msg: "connect", version: "1", support: ["1"], ...(session ? { session } : {}) }));
    const connected = await socket.next((m) => m.msg === "connected");
    return { socket, session: connected.session as string };
  }

  sendRaw(frame: string | ArrayBuffer): void {
    this.ws.send(frame);
  }

  send(message: Record<string, unknown>): void {
    this.ws.send(JSON.stringify(message));
  }

  /** Resolves with the first not-yet-taken message that matches. */
  next(match: (m: Received) => boolean, timeoutMs = 30_000): Promise<Received> {
    const seen = this.received.find((message) => !this.taken.has(message) && match(message));
    if (seen) {
      this.taken.add(seen);
      return Promise.resolve(seen);
    }
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no matching message; got ${JSON.stringify(this.received)}`)),
        timeoutMs,
      );
      this.waiters.push({
        match,
        resolve: (m) => {
          clearTimeout(timer);
          this.taken.add(m);
          resolve(m);
        },
      });
    });
  }

  /**
   * Calls a method and resolves once both `result` and `updated` arrived;
   * `binary` sends it as a binary frame (bytes beside the JSON, as the app does).
   */
  async call(method: string, params: unknown[] = [], id = crypto.randomUUID(), binary = false): Promise<Received> {
    const message = { msg: "method", id, method, params } as const;
    this.ws.send(binary ? encodeBinaryFrame(message) : encode(message));
    const [result] = await Promise.all([this.next((m) => m.msg === "result" && m.id === id), this.waitUpdated(id)]);
    return result;
  }

  waitUpdated(id: string): Promise<Received> {
    const seen = this.received.find((m) => m.msg === "updated" && (m.methods as string[]).includes(id));
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no updated for ${id}`)), 30_000);
      this.waiters.push({
        match: (m) => m.msg === "updated" && (m.methods as string[]).includes(id),
        resolve: (m) => {
          clearTimeout(timer);
          resolve(m);
        },
      });
    });
  }

  async subscribe(name: string, params: unknown[] = [], id = crypto.randomUUID()): Promise<Received> {
    this.send({ msg: "sub", id, name, params });
    return this.next(
      (m) => (m.msg === "ready" && (m.subs as string[]).includes(id)) || (m.msg === "nosub" && m.id === id),
    );
  }

  /** The newest fields of each document of a collection this socket was sent (what its client holds). */
  held(collection: string): Map<string, Record<string, unknown>> {
    const docs = new Map<string, Record<string, unknown>>();
    for (const m of this.received) {
      if (m.collection !== collection) continue;
      if (m.msg === "added") docs.set(m.id as string, { ...(m.fields as object) });
      if (m.msg === "changed") Object.assign(docs.get(m.id as string) ?? {}, m.fields);
      if (m.msg === "removed") docs.delete(m.id as string);
    }
    return docs;
  }

  /** Sends a ping with an id and waits for its pong: proves the socket is usable. */
  async roundTrip(): Promise<void> {
    const id = crypto.randomUUID();
    this.send({ msg: "ping", id });
    await this.next((m) => m.msg === "pong" && m.id === id);
  }

  close(): void {
    this.ws.close(1000, "test done");
  }
}

let addresses = 0;
/** A distinct test client address (172.16.0.0/12 is private, and no test names one in it). */
export function nextAddress(): string {
  const n = addresses++;
  return `172.${16 + ((n >> 16) & 15)}.${(n >> 8) & 255}.${n & 255}`;
}

let users = 0;

/** Signs up a fresh user; returns the login result and the address used. */
export async function signUpUser(): Promise<{ id: string; token: string; email: string }> {
  const email = `user${Date.now()}-${users++}@example.com`;
  const { socket } = await DdpSocket.connect("/api/websocket");
  const result = await socket.call("createUser", [{ email, password: "test password" }]);
  socket.close();
  if (result.error) throw new Error(`sign-up failed: ${JSON.stringify(result.error)}`);
  return { ...(result.result as { id: string; token: string }), email };
}

/** Each test room's owner, so room sockets can log in as them. */
const ownerTokens = new Map<string, string>();

/** Creates a room owned by a fresh user and returns its id. */
export async function createRoom(name = "Test room"): Promise<string> {
  const owner = await signUpUser();
  const { socket } = await DdpSocket.connect("/api/websocket");
  await socket.call("login", [{ resume: owner.token }]);
  const result = await socket.call("rooms.create", [name]);
  socket.close();
  const roomId = result.result as string;
  ownerTokens.set(roomId, owner.token);
  return roomId;
}

export function ownerToken(roomId: string): string {
  const token = ownerTokens.get(roomId);
  if (!token) throw new Error(`no owner for room ${roomId}`);
  return token;
}

/** Connects to a room's live object and logs in (as its owner unless a token is given). */
export async function connectToRoom(
  roomId: string,
  options: { session?: string; token?: string } = {},
): Promise<{ socket: DdpSocket; session: string }> {
  const connected = await DdpSocket.connect(`/api/rooms/${roomId}/websocket`, options.session);
  const login = await connected.socket.call("login", [{ resume: options.token ?? ownerToken(roomId) }]);
  if (login.error) throw new Error(`login failed: ${JSON.stringify(login.error)}`);
  return connected;
}
