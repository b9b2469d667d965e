import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { LiveStatus } from "../../app/live/status";
import { AUTO_PING_FRAME } from "../../protocol/constants";
import { connect, type Harness } from "./live-fake-socket";

let live: Harness;

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  live?.connection.close();
  vi.useRealTimers();
});

const status = (): LiveStatus => live.connection.status();

describe("status machine", () => {
  it("goes connecting → connected → waiting → connecting with a growing count", () => {
    live = connect();
    const seen: string[] = [];
    live.connection.onStatus((s) => seen.push(`${s.status}:${s.retryCount}`));
    expect(status()).toEqual({ status: "connecting", connected: false, retryCount: 0 });
    expect(live.sockets).toHaveLength(1);

    live.socket().open();
    expect(status()).toEqual({ status: "connected", connected: true, retryCount: 0 });

    live.socket().drop(1006);
    expect(status()).toEqual({
      status: "waiting",
      connected: false,
      retryCount: 0,
      retryTime: Date.now() + 10,
      reason: "Connection closed (1006)",
    });

    vi.advanceTimersByTime(10);
    expect(status()).toEqual({ status: "connecting", connected: false, retryCount: 1 });
    expect(live.sockets).toHaveLength(2);

    live.socket().drop();
    vi.advanceTimersByTime(10);
    expect(status()).toMatchObject({ status: "connecting", retryCount: 2 });

    // The third retry is the first real back-off: 4840 ms at random 0.5.
    live.socket().drop();
    expect(status()).toMatchObject({ status: "waiting", retryCount: 2, retryTime: Date.now() + 4840 });
    vi.advanceTimersByTime(4839);
    expect(status().status).toBe("waiting");
    expect(live.sockets).toHaveLength(3);
    vi.advanceTimersByTime(1);
    expect(status()).toMatchObject({ status: "connecting", retryCount: 3 });

    live.socket().open();
    expect(status()).toEqual({ status: "connected", connected: true, retryCount: 0 });
    expect(seen).toEqual([
      "connected:0",
      "waiting:0",
      "connecting:1",
      "waiting:1",
      "connecting:2",
      "waiting:2",
      "connecting:3",
      "connected:0",
    ]);
  });

  it("always closes sockets with a code", () => {
    live = connect();
    live.socket().open();
    live.socket().drop();
    vi.advanceTimersByTime(10);
    live.connection.disconnect();
    for (const socket of live.sockets) expect(socket.closeCodes).toEqual([1000]);
  });

  it("gives up on a socket that does not open within 10 s", () => {
    live = connect();
    vi.advanceTimersByTime(9_999);
    expect(status().status).toBe("connecting");
    vi.advanceTimersByTime(1);
    expect(status()).toMatchObject({ status: "waiting", reason: "Connection timeout", retryCount: 0 });
    expect(live.sockets[0]?.closeCodes).toEqual([1000]);
  });
});

describe("heartbeat", () => {
  it("pings after 17.5 s of silence and drops the connection 15 s later", () => {
    live = connect();
    const socket = live.handshake();
    const framesAfterHandshake = socket.frames.length;

    vi.advanceTimersByTime(17_499);
    expect(socket.frames).toHaveLength(framesAfterHandshake);
    vi.advanceTimersByTime(1);
    // Exactly the auto-response frame, with no id, so the server need not wake.
    expect(socket.frames.at(-1)).toBe(AUTO_PING_FRAME);
    expect(socket.frames).toHaveLength(framesAfterHandshake + 1);

    vi.advanceTimersByTime(14_999);
    expect(status().status).toBe("connected");
    expect(socket.frames).toHaveLength(framesAfterHandshake + 1);
    vi.advanceTimersByTime(1);
    expect(status()).toMatchObject({ status: "waiting", reason: "Heartbeat timeout" });
    expect(socket.closeCodes).toEqual([1000]);
  });

  it("takes any incoming message as the pong and restarts the clock from it", () => {
    live = connect();
    const socket = live.handshake();
    vi.advanceTimersByTime(17_500);
    const pings = () => socket.frames.filter((frame) => frame === AUTO_PING_FRAME).length;
    expect(pings()).toBe(1);

    vi.advanceTimersByTime(5_000);
    socket.receive({ msg: "added", collection: "items", id: "a", fields: {} });
    vi.advanceTimersByTime(15_000);
    expect(status().status).toBe("connected");
    expect(pings()).toBe(1);
    vi.advanceTimersByTime(2_500);
    expect(pings()).toBe(2);
  });

  it("does not ping while messages keep arriving", () => {
    live = connect();
    const socket = live.handshake();
    for (let i = 0; i < 10; i++) {
      vi.advanceTimersByTime(10_000);
      socket.receive({ msg: "pong" });
    }
    expect(socket.frames).not.toContain(AUTO_PING_FRAME);
    expect(status().status).toBe("connected");
  });

  it("answers a server ping with a pong carrying the same id", () => {
    live = connect();
    const socket = live.handshake();
    socket.receive({ msg: "ping", id: "p7" });
    socket.receive({ msg: "ping" });
    expect(socket.sentOf("pong")).toEqual([{ msg: "pong", id: "p7" }, { msg: "pong" }]);
  });

  it("counts 100 s of transport silence as lost before the DDP session starts", () => {
    live = connect();
    const socket = live.socket();
    socket.open();
    vi.advanceTimersByTime(60_000);
    socket.receive({ msg: "pong" });
    vi.advanceTimersByTime(99_999);
    expect(status().status).toBe("connected");
    // The heartbeat only runs once `connected` has arrived.
    expect(socket.frames).not.toContain(AUTO_PING_FRAME);
    vi.advanceTimersByTime(1);
    expect(status()).toMatchObject({ status: "waiting", reason: "Transport silence" });
  });
});

describe("manual control", () => {
  it("reconnect() retries at once without counting", () => {
    live = connect();
    live.socket().open();
    live.socket().drop();
    vi.advanceTimersByTime(10);
    live.socket().drop();
    vi.advanceTimersByTime(10);
    live.socket().drop();
    expect(status()).toMatchObject({ status: "waiting", retryCount: 2 });

    live.connection.reconnect();
    expect(status()).toEqual({ status: "connecting", connected: false, retryCount: 2 });
    expect(live.sockets).toHaveLength(4);
    // The pending back-off timer was cancelled.
    vi.advanceTimersByTime(10_000);
    expect(live.sockets).toHaveLength(4);
  });

  it("reconnect() while connecting replaces the attempt; while connected does nothing", () => {
    live = connect();
    const first = live.socket();
    live.connection.reconnect();
    expect(first.closeCodes).toEqual([1000]);
    expect(live.sockets).toHaveLength(2);
    expect(status()).toMatchObject({ status: "connecting", retryCount: 0 });

    live.socket().open();
    live.connection.reconnect();
    expect(live.sockets).toHaveLength(2);
    expect(status().status).toBe("connected");
  });

  it("disconnect() goes offline and never retries until reconnect()", () => {
    live = connect();
    live.handshake();
    live.connection.disconnect();
    expect(status()).toEqual({ status: "offline", connected: false, retryCount: 0 });
    expect(live.socket().closeCodes).toEqual([1000]);

    vi.advanceTimersByTime(10 * 60_000);
    live.page.window.dispatchEvent(new Event("online"));
    expect(live.sockets).toHaveLength(1);
    expect(status().status).toBe("offline");

    live.connection.reconnect();
    expect(status()).toMatchObject({ status: "connecting", retryCount: 0 });
    expect(live.sockets).toHaveLength(2);
  });

  it("fails for good on a DDP version mismatch", () => {
    live = connect();
    const socket = live.socket();
    socket.open();
    expect(socket.sentOf("connect")).toEqual([{ msg: "connect", version: "1", support: ["1"], batch: true }]);
    socket.receive({ msg: "failed", version: "2" });
    expect(status()).toMatchObject({ status: "failed", connected: false });
    expect(status().reason).toContain("version 2");
    expect(socket.closeCodes).toEqual([1000]);
    vi.advanceTimersByTime(10 * 60_000);
    expect(live.sockets).toHaveLength(1);
    expect(status().status).toBe("failed");
  });
});

describe("browser hints", () => {
  function waitingLong(): void {
    live.socket().open();
    for (let i = 0; i < 2; i++) {
      live.socket().drop();
      vi.advanceTimersByTime(10);
    }
    live.socket().drop();
    expect(status()).toMatchObject({ status: "waiting", retryCount: 2 });
  }

  it("reconnects at once when the browser comes online", () => {
    live = connect();
    waitingLong();
    live.page.window.dispatchEvent(new Event("online"));
    expect(status()).toMatchObject({ status: "connecting", retryCount: 2 });
    expect(live.sockets).toHaveLength(4);
  });

  it("treats the browser going offline as a lost connection", () => {
    live = connect();
    const socket = live.handshake();
    live.page.window.dispatchEvent(new Event("offline"));
    expect(status()).toMatchObject({ status: "waiting", reason: "Browser offline", retryCount: 0 });
    expect(socket.closeCodes).toEqual([1000]);
  });

  it("reconnects at once when a waiting tab becomes visible", () => {
    live = connect();
    live.page.document.visibilityState = "hidden";
    waitingLong();
    live.page.document.dispatchEvent(new Event("visibilitychange"));
    expect(status().status).toBe("waiting");
    live.page.document.visibilityState = "visible";
    live.page.document.dispatchEvent(new Event("visibilitychange"));
    expect(status()).toMatchObject({ status: "connecting", retryCount: 2 });
  });

  it("stops listening once closed", () => {
    live = connect();
    waitingLong();
    live.connection.close();
    live.page.window.dispatchEvent(new Event("online"));
    expect(live.sockets).toHaveLength(3);
    expect(status().status).toBe("offline");
  });
});
