/**
 * Latency compensation through the live connection: a call whose method has
 * a stub shows its change before any answer; the server's answer (result and
 * `updated`) hands the screen back to the server's documents; a refusal
 * takes the change back; ids made by a stub are the server's ids; a call
 * waiting out a disconnection keeps its change on screen.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { itemStubs } from "../../app/catalogue/item-stubs";
import type { CallJournal, JournalEntry } from "../../app/live/call-journal";
import { UNREADABLE_CHANGE } from "../../app/live/connection";
import { parse, stringify } from "../../protocol/ejson";
import type { WireError } from "../../protocol/errors";
import { RandomStream } from "../../protocol/random-stream";
import { connect, type Harness } from "./live-fake-socket";

let live: Harness;
beforeEach(() => {
  vi.useFakeTimers();
  live = connect();
  for (const [name, stub] of Object.entries(itemStubs({ roomCurrency: () => "EUR", userId: () => "u1" })))
    live.connection.defineStub(name, stub);
});
afterEach(() => {
  live.connection.close();
  vi.useRealTimers();
});

const wireError = (error: number, reason: string): WireError => ({
  isClientSafe: true,
  error,
  reason,
  message: `${reason} [${error}]`,
  errorType: "Meteor.Error",
});
const shown = () => live.connection.store.find("items");
const lampAdded = {
  msg: "added",
  collection: "items",
  id: "lamp",
  fields: { title: "Lamp", priceCents: 1000 },
} as const;

describe("latency compensation", () => {
  it("shows an edit at once, and the server's version once the call is answered", async () => {
    const socket = live.handshake();
    socket.receive(lampAdded);
    vi.advanceTimersByTime(10);
    const call = live.connection.call("items.update", "lamp", { title: "Desk lamp" });
    expect(shown()[0]).toMatchObject({ title: "Desk lamp", priceCents: 1000 });
    expect(live.connection.store.isPending("items", "lamp")).toBe(true);

    // The server trims and records it its own way: its version is what stays.
    socket.receive({ msg: "changed", collection: "items", id: "lamp", fields: { title: "Desk lamp (brass)" } });
    socket.receive({ msg: "result", id: "1" });
    expect(shown()[0]?.title).toBe("Desk lamp");
    socket.receive({ msg: "updated", methods: ["1"] });
    await call;
    expect(shown()[0]?.title).toBe("Desk lamp (brass)");
    expect(live.connection.store.isPending("items", "lamp")).toBe(false);
  });

  it("takes the change back when the server refuses, and the call fails with its reason", async () => {
    const socket = live.handshake();
    socket.receive(lampAdded);
    vi.advanceTimersByTime(10);
    const call = live.connection.call("items.update", "lamp", { sku: "TAKEN" });
    expect(shown()[0]?.sku).toBe("TAKEN");
    socket.receive({ msg: "result", id: "1", error: wireError(409, "SKU TAKEN is already used in this room") });
    socket.receive({ msg: "updated", methods: ["1"] });
    await expect(call).rejects.toMatchObject({ reason: "SKU TAKEN is already used in this room" });
    expect(shown()[0]).toEqual({ _id: "lamp", title: "Lamp", priceCents: 1000 });
  });

  it("adds an item under the id the server will give it, with the room's currency", async () => {
    const socket = live.handshake();
    const call = live.connection.call("items.add", { title: "Vase" });
    const [sent] = socket.sentOf("method");
    const id = new RandomStream(sent?.randomSeed).id("items");
    expect(shown()).toEqual([expect.objectContaining({ _id: id, title: "Vase", currency: "EUR", status: "draft" })]);
    // The server's document arrives under the same id: no second row, no swap.
    socket.receive({ msg: "added", collection: "items", id, fields: { title: "Vase", currency: "EUR" } });
    socket.receive({ msg: "result", id: "1", result: id });
    socket.receive({ msg: "updated", methods: ["1"] });
    await expect(call).resolves.toBe(id);
    expect(shown().map((doc) => doc._id)).toEqual([id]);
  });

  it("keeps a waiting change on screen through a dropped connection, until the re-sent call is answered", async () => {
    let socket = live.handshake();
    socket.receive(lampAdded);
    vi.advanceTimersByTime(10);
    const call = live.connection.call("items.remove", "lamp");
    expect(shown()).toEqual([]);
    socket.drop();
    vi.advanceTimersByTime(10);
    socket = live.handshake("session-2");
    // The new session sends the room again; the call goes again with the same seed.
    socket.receive(lampAdded);
    const resent = socket.sentOf("method").find((message) => message.method === "items.remove");
    expect(resent).toBeDefined();
    vi.advanceTimersByTime(10);
    expect(shown()).toEqual([]);
    socket.receive({ msg: "removed", collection: "items", id: "lamp" });
    socket.receive({ msg: "result", id: resent?.id as string });
    socket.receive({ msg: "updated", methods: [resent?.id as string] });
    await call;
    expect(shown()).toEqual([]);
  });

  it("refuses bad arguments in the stub as the server would, showing nothing, and still asks the server", async () => {
    const socket = live.handshake();
    socket.receive(lampAdded);
    vi.advanceTimersByTime(10);
    const debug = vi.spyOn(console, "debug").mockImplementation(() => {});
    const call = live.connection.call("items.update", "lamp", { quantity: -2 });
    expect(shown()[0]).toEqual({ _id: "lamp", title: "Lamp", priceCents: 1000 });
    expect(socket.sentOf("method").map((message) => message.method)).toEqual(["items.update"]);
    socket.receive({ msg: "result", id: "1", error: wireError(400, "Quantity must be 0 or more") });
    socket.receive({ msg: "updated", methods: ["1"] });
    await expect(call).rejects.toMatchObject({ error: 400 });
    debug.mockRestore();
  });
});

/** The journal's contract in memory (the IndexedDB one is exercised in Chromium, tests/e2e/offline.test.ts). */
function memoryJournal(start: JournalEntry[] = []): CallJournal & { kept: Map<string, JournalEntry> } {
  const kept = new Map(start.map((entry) => [entry.seed, entry]));
  return {
    kept,
    entries: async () => [...kept.values()].sort((a, b) => a.at - b.at),
    add: (entry) => void kept.set(entry.seed, entry),
    remove: (seed) => void kept.delete(seed),
  };
}

describe("waiting calls kept in a journal", () => {
  it("keeps a write until it is answered, and keeps it when the page closes before that", async () => {
    const journal = memoryJournal();
    live.connection.keepWaitingCallsIn(journal);
    const socket = live.handshake();
    socket.receive(lampAdded);
    vi.advanceTimersByTime(10);
    const answered = live.connection.call("items.update", "lamp", { title: "Desk lamp" });
    const waiting = live.connection.call("items.update", "lamp", { location: "B7" });
    // Calls without a stub (logins, reads) are never kept.
    const read = live.connection.call("items.publicLinks", ["lamp"]);
    expect([...journal.kept.values()].map((entry) => entry.name)).toEqual(["items.update", "items.update"]);
    socket.receive({ msg: "result", id: "1" });
    socket.receive({ msg: "updated", methods: ["1"] });
    await answered;
    expect([...journal.kept.values()].map((entry) => parse(entry.params))).toEqual([["lamp", { location: "B7" }]]);
    live.connection.close();
    await expect(waiting).rejects.toMatchObject({ error: "connection-closed" });
    await expect(read).rejects.toMatchObject({ error: "connection-closed" });
    expect(journal.kept.size).toBe(1);
  });

  it("makes the calls left waiting again, with their seeds, shown at once", async () => {
    const journal = memoryJournal([
      { seed: "seed-a", name: "items.add", params: stringify([{ title: "Vase" }]), at: 1 },
      { seed: "seed-b", name: "items.update", params: stringify(["lamp", { title: "Desk lamp" }]), at: 2 },
    ]);
    live.connection.keepWaitingCallsIn(journal);
    const socket = live.handshake();
    socket.receive(lampAdded);
    vi.advanceTimersByTime(10);
    await live.connection.restoreWaitingCalls();
    const vaseId = new RandomStream("seed-a").id("items");
    expect(shown().map((doc) => [doc._id, doc.title])).toEqual([
      ["lamp", "Desk lamp"],
      [vaseId, "Vase"],
    ]);
    expect(socket.sentOf("method").map((m) => [m.method, m.randomSeed])).toEqual([
      ["items.add", "seed-a"],
      ["items.update", "seed-b"],
    ]);
  });

  it("reports a call made again that the server now refuses, and forgets it", async () => {
    const journal = memoryJournal([
      { seed: "seed-c", name: "items.update", params: stringify(["gone", { title: "x" }]), at: 1 },
    ]);
    live.connection.keepWaitingCallsIn(journal);
    const refused: string[] = [];
    live.connection.onRestoredCallFailed((_name, error) => refused.push(error.reason ?? ""));
    const socket = live.handshake();
    await live.connection.restoreWaitingCalls();
    const [call] = socket.sentOf("method");
    socket.receive({ msg: "result", id: call?.id as string, error: wireError(404, "Item not found") });
    socket.receive({ msg: "updated", methods: [call?.id as string] });
    await vi.waitFor(() => expect(refused).toEqual(["Item not found"]), { timeout: 15_000, interval: 20 });
    expect(journal.kept.size).toBe(0);
  });

  it("drops and reports a damaged entry, and still makes the others again", async () => {
    const journal = memoryJournal([
      { seed: "seed-bad", name: "items.update", params: "{not ejson", at: 1 },
      { seed: "seed-good", name: "items.update", params: stringify(["lamp", { title: "Desk lamp" }]), at: 2 },
    ]);
    live.connection.keepWaitingCallsIn(journal);
    const refused: string[] = [];
    live.connection.onRestoredCallFailed((_name, error) => refused.push(String(error.error)));
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const socket = live.handshake();
    await live.connection.restoreWaitingCalls();
    expect(refused).toEqual([UNREADABLE_CHANGE]);
    expect([...journal.kept.keys()]).toEqual(["seed-good"]);
    expect(socket.sentOf("method").map((m) => m.randomSeed)).toEqual(["seed-good"]);
    warn.mockRestore();
  });
});
