/**
 * A room connected to a fake Shopify (tests/support/fake-shopify.ts, at its
 * HTTP boundary) and a sync run to its end, for the tests of what moves
 * between a room and its store (docs/product.md §5).
 */
import { expect } from "vitest";
import { FakeShopify, type FakeShopifyOptions } from "../support/fake-shopify";
import { connectToRoom, createRoom, type DdpSocket } from "./ddp-socket";
import { installFakeStore } from "./fake-store";

export const fakeStore = (options: FakeShopifyOptions = {}) => installFakeStore(new FakeShopify(options));

/** A room connected to the fake store, with its owner's socket subscribed to `store`. */
export async function connectedRoom(fake: FakeShopify) {
  const roomId = await createRoom();
  const { socket } = await connectToRoom(roomId);
  await socket.subscribe("store");
  const connected = await socket.call("store.connect", [fake.credentials]);
  expect(connected.error).toBeUndefined();
  return { roomId, socket };
}

/** The `sync` document as the socket has seen it (added, then changed field by field). */
export function syncDoc(socket: DdpSocket): Record<string, unknown> {
  const doc: Record<string, unknown> = {};
  for (const message of socket.received) {
    if (message.collection !== "store" || message.id !== "sync") continue;
    if (message.msg === "added" || message.msg === "changed") Object.assign(doc, message.fields);
  }
  return doc;
}

/** Starts a sync and waits until the `sync` document says it ended; answers that document. */
export async function syncAndWait(socket: DdpSocket, options: { full?: boolean } = {}) {
  const before = socket.received.length;
  const started = await socket.call("store.sync", [options]);
  expect(started.result).toEqual({ started: true });
  await socket.next(
    (m) =>
      socket.received.indexOf(m) >= before &&
      m.msg === "changed" &&
      m.collection === "store" &&
      m.id === "sync" &&
      (m.fields as { running?: boolean } | undefined)?.running === false,
  );
  return syncDoc(socket);
}
