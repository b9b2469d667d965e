/**
 * Fair rooms under floods: a connection sending calls faster than they are
 * served gets `too-many-requests` past a bounded queue (its other calls
 * still run, and nothing is lost silently), every connection and user has a
 * call budget, and a bystander is answered while a flood is still going on.
 * No timings: what is asserted is who is answered, and in what order.
 */
import { describe, expect, it } from "vitest";
import { CALLS_PER_CONNECTION } from "../../worker/live/rate-limit-rules";
import { connectToRoom, createRoom, type DdpSocket, type Received } from "./ddp-socket";

/** Sends `count` edits of one item without waiting; answers the ids sent. */
function flood(socket: DdpSocket, itemId: string, count: number, prefix: string): string[] {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const id = `${prefix}-${i}`;
    ids.push(id);
    socket.send({ msg: "method", id, method: "items.update", params: [itemId, { quantity: i }] });
  }
  return ids;
}

const resultOf = (socket: DdpSocket, id: string) =>
  socket.next((m) => m.msg === "result" && m.id === id, 60_000) as Promise<Received & { error?: { error: unknown } }>;

describe("a flood in a room", () => {
  it("answers every call of a flood (applied or refused with the time to wait) and a bystander meanwhile", async () => {
    const roomId = await createRoom();
    const { socket: setup } = await connectToRoom(roomId);
    const itemId = (await setup.call("items.add", [{ title: "Flooded", quantity: 0 }])).result as string;
    setup.close();

    const flooders = await Promise.all([connectToRoom(roomId), connectToRoom(roomId)]);
    const bystander = (await connectToRoom(roomId)).socket;
    // More than a connection may queue, and more than its budget of calls.
    const sent = flooders.map(({ socket }, f) => flood(socket, itemId, 250, `f${f}`));
    const answers = flooders.map(({ socket }, f) => Promise.all((sent[f] ?? []).map((id) => resultOf(socket, id))));

    // While the flood is on, the bystander's call is answered before the flooders' last ones.
    const order: string[] = [];
    const floodDone = answers.map((all, f) => all.then(() => order.push(`flooder ${f}`)));
    const answer = await bystander.call("items.update", [itemId, { title: "Still answered" }]);
    order.push("bystander");
    expect(answer.error).toBeUndefined();
    await Promise.all(floodDone);
    expect(order[0]).toBe("bystander");

    for (const [f, { socket }] of flooders.entries()) {
      const results = await (answers[f] as Promise<Awaited<ReturnType<typeof resultOf>>[]>);
      const refused = results.filter((r) => r.error?.error === "too-many-requests");
      const applied = results.filter((r) => r.error === undefined);
      expect(refused.length + applied.length).toBe(250);
      expect(refused.length).toBeGreaterThanOrEqual(50);
      for (const r of refused) {
        expect((r.error as { details?: { timeToReset?: number } }).details?.timeToReset).toBeGreaterThan(0);
      }
      socket.close();
    }
    bystander.close();
  }, 120_000);

  it("gives each connection a budget of calls per 10 s, then too-many-requests with the time to wait", async () => {
    const roomId = await createRoom();
    const { socket } = await connectToRoom(roomId);
    const itemId = (await socket.call("items.add", [{ title: "Budget" }])).result as string;
    let refused: Received | undefined;
    let calls = 1; // the items.add
    // Sequential calls (never more than one waiting): only the budget can refuse them.
    while (!refused && calls < 400) {
      const answer = await socket.call("items.update", [itemId, { quantity: calls % 100 }]);
      calls++;
      if (answer.error) refused = answer;
    }
    expect(refused?.error).toMatchObject({ error: "too-many-requests" });
    // The login and the add count too; a slow run may cross into a new window, so at least the budget.
    expect(calls).toBeGreaterThanOrEqual(CALLS_PER_CONNECTION);
    const wait = (refused?.error as { details?: { timeToReset?: number } } | undefined)?.details?.timeToReset ?? 0;
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(10_000);
    // Another connection has its own budget.
    const { socket: other } = await connectToRoom(roomId);
    expect((await other.call("items.update", [itemId, { title: "Other" }])).error).toBeUndefined();
    other.close();
    socket.close();
  }, 120_000);
});
