/**
 * A scripted DDP client over `ws`, for setting up data in browser tests
 * faster than clicking (e.g. hundreds of items) — what a user's own script
 * could do with their login token. Like a well-behaved script, it waits out
 * `too-many-requests` for as long as it is told and sends the call again
 * (with the same random seed, so nothing is made twice).
 */
import WebSocket from "ws";

export async function callAsUser(
  baseUrl: string,
  path: string,
  token: string,
  calls: { method: string; params: unknown[] }[],
): Promise<unknown[]> {
  const socket = new WebSocket(`${baseUrl.replace(/^http/, "ws")}${path}`);
  const pending = new Map<string, { resolve(value: unknown): void; reject(error: Error): void }>();
  let next = 0;
  const send = (method: string, params: unknown[], randomSeed: string) =>
    new Promise<unknown>((resolve, reject) => {
      const id = String(next++);
      pending.set(id, { resolve, reject });
      socket.send(JSON.stringify({ msg: "method", id, method, params, randomSeed }));
    });
  const call = async (method: string, params: unknown[]): Promise<unknown> => {
    const randomSeed = `script-${next}-${Math.random().toString(36).slice(2)}`;
    for (;;) {
      try {
        return await send(method, params, randomSeed);
      } catch (error) {
        const wire = (error as { wire?: { error?: unknown; details?: { timeToReset?: number } } }).wire;
        if (wire?.error !== "too-many-requests") throw error;
        await new Promise((resolve) => setTimeout(resolve, (wire.details?.timeToReset ?? 1000) + 50));
      }
    }
  };
  const connected = new Promise<void>((resolve, reject) => {
    socket.on("error", reject);
    socket.on("message", (data) => {
      const message = JSON.parse(String(data)) as { msg: string; id?: string; result?: unknown; error?: unknown };
      if (message.msg === "connected") resolve();
      if (message.msg === "ping") socket.send(JSON.stringify({ msg: "pong", id: message.id }));
      if (message.msg === "result" && message.id !== undefined) {
        const waiter = pending.get(message.id);
        pending.delete(message.id);
        if (message.error)
          waiter?.reject(Object.assign(new Error(JSON.stringify(message.error)), { wire: message.error }));
        else waiter?.resolve(message.result);
      }
    });
  });
  await new Promise<void>((resolve, reject) => {
    socket.once("open", () => resolve());
    socket.once("error", reject);
  });
  socket.send(JSON.stringify({ msg: "connect", version: "1", support: ["1"] }));
  await connected;
  try {
    await call("login", [{ resume: token }]);
    const results: unknown[] = [];
    for (const { method, params } of calls) results.push(await call(method, params));
    return results;
  } finally {
    socket.close();
  }
}
