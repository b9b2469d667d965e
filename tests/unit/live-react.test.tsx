import { act, type ReactNode } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { LiveStatus } from "../../app/live";
import { LiveProvider, useCall, useFind, useStatus, useSubscribe } from "../../app/live/react";
import type { LiveDoc } from "../../app/live/store";
import { connect, type Harness } from "./live-fake-socket";

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}

let live: Harness;
let root: Root;

beforeEach(() => {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
  vi.useFakeTimers();
  live = connect();
  root = createRoot(document.createElement("div"));
});

afterEach(() => {
  act(() => root.unmount());
  live.connection.close();
  vi.useRealTimers();
});

function render(node: ReactNode): void {
  act(() => root.render(<LiveProvider connection={live.connection}>{node}</LiveProvider>));
}

/** Runs `fn` (server messages, timers) inside act so React commits. */
function server(fn: () => void): void {
  act(fn);
}

type Sink<T> = (value: T) => void;

function StatusProbe({ record }: { record: Sink<LiveStatus["status"]> }) {
  record(useStatus().status);
  return null;
}

function Items({ room, record }: { room: string; record: Sink<boolean> }) {
  record(useSubscribe("items", room));
  return null;
}

const isLamp = (doc: LiveDoc): doc is LiveDoc & { title: string } => typeof doc.title === "string";

function Lamps({ record }: { record: Sink<readonly LiveDoc[]> }) {
  // Inline sort: a new function on every render.
  record(useFind("items", isLamp, (a, b) => a.title.localeCompare(b.title)));
  return null;
}

function Caller({ record }: { record: Sink<(name: string, ...params: unknown[]) => Promise<unknown>> }) {
  record(useCall());
  return null;
}

describe("React bindings", () => {
  it("useStatus follows the connection", () => {
    const seen: LiveStatus["status"][] = [];
    render(<StatusProbe record={(status) => seen.push(status)} />);
    server(() => live.socket().open());
    server(() => live.socket().drop());
    expect(seen).toEqual(["connecting", "connected", "waiting"]);
  });

  it("useSubscribe reports loading until ready and stops on unmount or new params", () => {
    const socket = live.handshake();
    const loading: boolean[] = [];
    const record = (value: boolean) => loading.push(value);
    render(<Items room="r1" record={record} />);
    const [first] = socket.sentOf("sub");
    expect(first).toMatchObject({ name: "items", params: ["r1"] });
    server(() => socket.receive({ msg: "ready", subs: [first?.id ?? ""] }));
    expect(loading.at(-1)).toBe(false);

    // Same params by value: no resubscription.
    render(<Items room="r1" record={record} />);
    expect(socket.sentOf("sub")).toHaveLength(1);

    render(<Items room="r2" record={record} />);
    expect(loading.at(-1)).toBe(true);
    expect(socket.sentOf("unsub")).toEqual([{ msg: "unsub", id: first?.id }]);
    const second = socket.sentOf("sub")[1];
    expect(second).toMatchObject({ params: ["r2"] });

    act(() => root.render(null));
    expect(socket.sentOf("unsub").map((m) => m.id)).toEqual([first?.id, second?.id]);
  });

  it("useFind re-renders only when its collection changes and keeps the array identity", () => {
    const socket = live.handshake();
    const results: Array<readonly LiveDoc[]> = [];
    render(<Lamps record={(docs) => results.push(docs)} />);
    expect(results).toHaveLength(1);
    server(() => {
      socket.receive({ msg: "added", collection: "items", id: "b", fields: { title: "Brass lamp" } });
      socket.receive({ msg: "added", collection: "items", id: "a", fields: { title: "Arc lamp" } });
      socket.receive({ msg: "added", collection: "items", id: "x", fields: { other: true } });
      vi.advanceTimersByTime(5);
    });
    expect(results).toHaveLength(2);
    expect(results[1]?.map((doc) => doc._id)).toEqual(["a", "b"]);

    server(() => {
      socket.receive({ msg: "added", collection: "rooms", id: "r", fields: {} });
      vi.advanceTimersByTime(5);
    });
    expect(results).toHaveLength(2);

    // A change the filter drops re-renders, but hands back the same array.
    server(() => {
      socket.receive({ msg: "changed", collection: "items", id: "x", fields: { other: false } });
      vi.advanceTimersByTime(5);
    });
    expect(results).toHaveLength(3);
    expect(results[2]).toBe(results[1]);
  });

  it("useCall returns a stable function that calls methods", async () => {
    const socket = live.handshake();
    const calls: Array<(name: string, ...params: unknown[]) => Promise<unknown>> = [];
    const record = (call: (name: string, ...params: unknown[]) => Promise<unknown>) => calls.push(call);
    render(<Caller record={record} />);
    render(<Caller record={record} />);
    expect(calls[0]).toBe(calls[1]);
    const result = calls[0]?.("items.add", { title: "Lamp" });
    expect(socket.sentOf("method")).toMatchObject([{ method: "items.add", params: [{ title: "Lamp" }] }]);
    socket.receive({ msg: "result", id: "1", result: "a" });
    socket.receive({ msg: "updated", methods: ["1"] });
    await expect(result).resolves.toBe("a");
  });
});
