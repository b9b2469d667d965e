import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { connectToRoom, createRoom, ownerToken } from "./ddp-socket";

/** A raw socket that records every frame as it arrived. */
async function rawSocket(path: string) {
  const response = await SELF.fetch(`http://stockroom.test${path}`, { headers: { Upgrade: "websocket" } });
  const ws = response.webSocket as WebSocket;
  ws.accept();
  const frames: string[] = [];
  const waiters: (() => void)[] = [];
  ws.addEventListener("message", (event) => {
    frames.push(event.data as string);
    for (const wake of waiters.splice(0)) wake();
  });
  const messages = () =>
    frames.flatMap((frame) => [JSON.parse(frame)].flat() as { msg: string; id?: string; collection?: string }[]);
  async function until(match: (m: { msg: string; id?: string; subs?: string[] }) => boolean) {
    while (!messages().some(match)) await new Promise<void>((resolve) => waiters.push(resolve));
  }
  return { ws, frames, messages, until };
}

describe("batched frames (connect with batch: true)", () => {
  it("sends a subscription's documents in a few frames to a client that asks, one per frame to others", async () => {
    const roomId = await createRoom();
    const { socket } = await connectToRoom(roomId);
    for (let i = 0; i < 40; i++) await socket.call("items.add", [{ title: `Item ${i}` }]);
    socket.close();

    const subscribe = async (batch: boolean) => {
      const raw = await rawSocket(`/api/rooms/${roomId}/websocket`);
      raw.ws.send(JSON.stringify({ msg: "connect", version: "1", support: ["1"], ...(batch ? { batch: true } : {}) }));
      raw.ws.send(
        JSON.stringify({ msg: "method", id: "l", method: "login", params: [{ resume: ownerToken(roomId) }] }),
      );
      await raw.until((m) => m.msg === "updated");
      const before = raw.frames.length;
      raw.ws.send(JSON.stringify({ msg: "sub", id: "s", name: "items", params: [] }));
      await raw.until((m) => m.msg === "ready");
      // The items' documents (the user's own document came with the login, before).
      const added = raw.messages().filter((m) => m.msg === "added" && m.collection === "items");
      const frames = raw.frames.length - before;
      raw.ws.close();
      return { added: added.length, frames, order: raw.messages().map((m) => m.msg) };
    };

    const batched = await subscribe(true);
    const single = await subscribe(false);
    expect(batched.added).toBe(40);
    expect(single.added).toBe(40);
    // Every message still comes in order: the documents, then ready.
    expect(batched.order.slice(-41)).toEqual([...Array(40).fill("added"), "ready"]);
    expect(single.frames).toBe(41);
    expect(batched.frames).toBeLessThan(5);
  });
});
