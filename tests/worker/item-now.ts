/** An item's current fields, as the one-item publication sends them (subscribed, read, and let go). */
import type { DdpSocket } from "./ddp-socket";

export async function itemNow<T = Record<string, unknown>>(socket: DdpSocket, itemId: string): Promise<T> {
  const id = crypto.randomUUID();
  const before = socket.received.length;
  await socket.subscribe("item", [itemId], id);
  const added = socket.received
    .slice(before)
    .find((m) => m.msg === "added" && m.collection === "items" && m.id === itemId);
  socket.send({ msg: "unsub", id });
  return added?.fields as T;
}
