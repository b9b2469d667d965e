/**
 * Exactly once through a crash (docs/architecture.md §10), from outside: a
 * plain DDP client streams writes — stock received one unit at a time,
 * items added, a bulk stock change, an import — while the server (wrangler
 * and workerd, the whole process group) is killed hard three times. After
 * each restart on the same state, the client resumes its session and
 * re-sends every call that had no answer, with the same ids, as DDP
 * clients do. Every change must then be there exactly once, and every
 * item's stock must be the sum of its movements.
 */
import { randomBytes } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { passwordDigest } from "../support/eventually";
import { type RunningServer, startServer } from "../support/server";
import { zipEntries } from "../support/zip-entries";

type Frame = Record<string, unknown> & { msg: string; id?: string };

/** A DDP client that keeps its session and its unanswered calls across lost connections. */
class ResumingClient {
  private socket: WebSocket | null = null;
  session: string | undefined;
  /** Calls sent and not yet answered, by id, in the order they were made. */
  readonly unanswered = new Map<string, Frame>();
  readonly answers = new Map<string, Frame>();
  private waiters: (() => void)[] = [];
  private next = 0;

  constructor(
    private readonly url: string,
    private readonly token: string,
  ) {}

  /** Connects (resuming the session it had), logs in, and re-sends what had no answer. */
  async connect(): Promise<void> {
    const socket = new WebSocket(this.url);
    this.socket = socket;
    const connected = new Promise<void>((resolve, reject) => {
      socket.once("error", reject);
      socket.on("message", (data) => {
        const frame = JSON.parse(String(data)) as Frame;
        if (frame.msg === "connected") {
          this.session = frame.session as string;
          resolve();
        }
        if (frame.msg === "ping") socket.send(JSON.stringify({ msg: "pong", id: frame.id }));
        if (frame.msg === "result" && frame.id !== undefined && this.unanswered.has(frame.id)) {
          this.unanswered.delete(frame.id);
          this.answers.set(frame.id, frame);
          for (const wake of this.waiters.splice(0)) wake();
        }
      });
      socket.once("close", () => {
        for (const wake of this.waiters.splice(0)) wake();
      });
    });
    await new Promise<void>((resolve, reject) => {
      socket.once("open", () => resolve());
      socket.once("error", reject);
    });
    socket.send(
      JSON.stringify({
        msg: "connect",
        version: "1",
        support: ["1"],
        ...(this.session ? { session: this.session } : {}),
      }),
    );
    await connected;
    const login = await this.call("login", [{ resume: this.token }]);
    if (login.error) throw new Error(`login failed: ${JSON.stringify(login.error)}`);
    for (const frame of this.unanswered.values()) socket.send(JSON.stringify(frame));
  }

  get open(): boolean {
    return this.socket?.readyState === WebSocket.OPEN;
  }

  /** Sends a call without waiting; its id is kept until it is answered. */
  send(method: string, params: unknown[], randomSeed?: string): string {
    const id = `c${this.next++}`;
    const frame: Frame = { msg: "method", id, method, params, ...(randomSeed ? { randomSeed } : {}) };
    this.unanswered.set(id, frame);
    if (this.open) this.socket?.send(JSON.stringify(frame));
    return id;
  }

  /** Resolves when the call is answered, or the connection is lost (then with null). */
  async answer(id: string): Promise<Frame | null> {
    for (;;) {
      const answered = this.answers.get(id);
      if (answered) return answered;
      if (!this.open) return null;
      await new Promise<void>((wake) => this.waiters.push(wake));
    }
  }

  async call(method: string, params: unknown[]): Promise<Frame> {
    const id = this.send(method, params);
    const answered = await this.answer(id);
    if (!answered) throw new Error(`${method}: the connection was lost`);
    return answered;
  }

  close(): void {
    this.socket?.close(1000);
  }
}

/** Kills wrangler and the workerd it started at once, as a crash would: nothing gets to finish. */
function crash(server: RunningServer): Promise<void> {
  return new Promise((resolve) => {
    const wait = setInterval(() => {
      try {
        process.kill(-server.pid, 0);
      } catch {
        clearInterval(wait);
        resolve();
      }
    }, 50);
    process.kill(-server.pid, "SIGKILL");
  });
}

let server: RunningServer;
afterAll(async () => {
  await server?.stop();
});

async function signUp(url: string): Promise<{ token: string; roomId: string }> {
  const email = `crash${Date.now()}@example.com`;
  const socket = new WebSocket(`${url.replace("http", "ws")}/api/websocket`);
  await new Promise((resolve) => socket.once("open", resolve));
  const waiting = new Map<string, (frame: Frame) => void>();
  socket.on("message", (data) => {
    const frame = JSON.parse(String(data)) as Frame;
    if (frame.msg === "result" && frame.id) waiting.get(frame.id)?.(frame);
  });
  const call = (id: string, method: string, params: unknown[]) =>
    new Promise<Frame>((resolve) => {
      waiting.set(id, resolve);
      socket.send(JSON.stringify({ msg: "method", id, method, params }));
    });
  socket.send(JSON.stringify({ msg: "connect", version: "1", support: ["1"] }));
  const user = await call("u", "createUser", [{ email, password: passwordDigest("crash test password") }]);
  const token = (user.result as { token: string }).token;
  const room = await call("r", "rooms.create", ["Crash shop"]);
  socket.close(1000);
  return { token, roomId: room.result as string };
}

describe("exactly once through a crash", () => {
  it("keeps every change once when the server is killed three times with writes in flight", async () => {
    server = await startServer();
    const { token, roomId } = await signUp(server.url);
    const roomUrl = `${server.url.replace("http", "ws")}/api/rooms/${roomId}/websocket`;
    // One client as a script without seeds (answered by session and id), one as the app (with seeds).
    const plain = new ResumingClient(roomUrl, token);
    const seeded = new ResumingClient(roomUrl, token);
    await plain.connect();
    await seeded.connect();
    const seed = () => randomBytes(12).toString("hex");

    const add = await seeded.call("items.add", [{ title: "Counted", quantity: 1 }]);
    const counted = add.result as string;
    const bulkTargets: string[] = [];
    for (const title of ["Bulk A", "Bulk B", "Bulk C"]) {
      bulkTargets.push((await seeded.call("items.add", [{ title, quantity: 2 }])).result as string);
    }

    const RECEIPTS = 120;
    const ADDS = 30;
    let receipts = 0;
    let adds = 0;
    const bulkIds: string[] = [];
    const importIds: string[] = [];
    /** Keeps up to 8 calls in flight per client (a person's lane takes no more), until all are sent. */
    const pump = async (client: ResumingClient, nextCall: () => string | null) => {
      const inFlight = new Set<string>();
      for (;;) {
        while (inFlight.size < 8) {
          const id = nextCall();
          if (id === null) break;
          inFlight.add(id);
        }
        if (inFlight.size === 0) return;
        const [first] = inFlight;
        const answered = await client.answer(first as string);
        if (!answered) return; // Lost: the rest waits for the restart.
        for (const id of [...inFlight]) if (client.answers.has(id)) inFlight.delete(id);
      }
    };
    const plainCalls = () => {
      if (receipts < RECEIPTS) {
        receipts++;
        return plain.send("stock.adjust", [{ itemId: counted, locationId: "main", quantity: 1, reason: "received" }]);
      }
      if (adds < ADDS) {
        adds++;
        return plain.send("items.add", [{ title: `Added ${adds}`, quantity: 1 }]);
      }
      return null;
    };
    let bulkSent = 0;
    let importSent = 0;
    const seededCalls = () => {
      if (bulkSent < 3) {
        bulkSent++;
        const id = seeded.send(
          "items.bulkEdit",
          [bulkTargets, { stock: { quantity: 5, reason: "received", locationId: "main" } }],
          seed(),
        );
        bulkIds.push(id);
        return id;
      }
      if (importSent < 3) {
        const part = importSent++;
        const id = seeded.send(
          "items.import",
          [
            {
              importId: `crash-import-${part}`,
              part: 0,
              dryRun: false,
              products: [
                {
                  row: 2,
                  handle: `imported-${part}`,
                  title: `Imported ${part}`,
                  options: [],
                  variants: [{ row: 2, values: [], sku: `IMP-${part}`, quantity: 4 }],
                },
              ],
            },
          ],
          seed(),
        );
        importIds.push(id);
        return id;
      }
      return null;
    };

    for (let kill = 0; kill < 3; kill++) {
      const flowing = Promise.all([pump(plain, plainCalls), pump(seeded, seededCalls)]);
      // Let some writes through, then kill the server while others are in flight.
      const target = Math.min(RECEIPTS, (kill + 1) * 35);
      while (plain.answers.size < target && plain.open) await new Promise((resolve) => setTimeout(resolve, 2));
      await crash(server);
      await flowing;
      server = await startServer({ port: server.port, stateDir: server.stateDir });
      await plain.connect();
      await seeded.connect();
    }
    // After the last restart: everything left is sent and answered.
    await Promise.all([pump(plain, plainCalls), pump(seeded, seededCalls)]);
    for (const client of [plain, seeded]) {
      for (const id of [...client.unanswered.keys()]) expect(await client.answer(id), id).not.toBeNull();
      for (const answer of client.answers.values()) expect(answer.error, JSON.stringify(answer)).toBeUndefined();
    }
    plain.close();
    seeded.close();

    const backup = await fetch(`${server.url}/api/rooms/${roomId}/export`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(backup.status).toBe(200);
    const room = JSON.parse(
      new TextDecoder().decode(zipEntries(new Uint8Array(await backup.arrayBuffer())).get("room.json")),
    ) as {
      tables: {
        items: { id: string; title: string; quantity: number; stock: string }[];
        movements: { item_id: string; location_id: string; quantity: number }[];
      };
    };
    const items = room.tables.items;
    const byTitle = (title: string) => items.filter((item) => item.title === title);
    // 120 units received one at a time onto the 1 it was added with: 121, each once.
    expect(byTitle("Counted")[0]?.quantity).toBe(1 + RECEIPTS);
    // Each item added once.
    for (let n = 1; n <= ADDS; n++) expect(byTitle(`Added ${n}`), `Added ${n}`).toHaveLength(1);
    // Three bulk changes of +5 each: 2 + 15.
    for (const title of ["Bulk A", "Bulk B", "Bulk C"]) expect(byTitle(title)[0]?.quantity, title).toBe(17);
    for (let part = 0; part < 3; part++) {
      const imported = byTitle(`Imported ${part}`);
      expect(imported).toHaveLength(1);
      expect(imported[0]?.quantity).toBe(4);
    }
    // The ledger adds up: every item's stock at every location is the sum of its movements.
    for (const item of items) {
      const sums: Record<string, number> = {};
      for (const movement of room.tables.movements.filter((m) => m.item_id === item.id)) {
        sums[movement.location_id] = (sums[movement.location_id] ?? 0) + movement.quantity;
      }
      const held = Object.fromEntries(Object.entries(JSON.parse(item.stock) as Record<string, number>));
      expect(Object.fromEntries(Object.entries(sums).filter(([, units]) => units !== 0)), item.title).toEqual(
        Object.fromEntries(Object.entries(held).filter(([, units]) => units !== 0)),
      );
    }
  });
});
