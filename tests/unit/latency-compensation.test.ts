/**
 * Latency compensation through the live connection: a call whose method has
 * a stub shows its change before any answer; the server's answer (result and
 * `updated`) hands the screen back to the server's documents; a refusal
 * takes the change back; ids made by a stub are the server's ids; a call
 * waiting out a disconnection keeps its change on screen.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { itemStubs } from "../../app/catalogue/item-stubs";
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
