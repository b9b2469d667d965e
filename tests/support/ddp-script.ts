/**
 * A scripted DDP client over `ws`, for setting up data in browser tests
 * faster than clicking (e.g. hundreds of items) — what a user's own script
 * could do with their login token.
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
  const call = (method: string, params: unknown[]) =>
    new Promise<unknown>((resolve, reject) => {
      const id = String(next++);
      pending.set(id, { resolve, reject });
      socket.send(JSON.stringify({ msg: "method", id, method, params }));
    });
  const connected = new Promise<void>((resolve, reject) => {
    socket.on("error", reject);
    socket.on("message", (data) => {
      const message = JSON.parse(String(data)) as { msg: string; id?: string; result?: unknown; error?: unknown };
      if (message.msg === "connected") resolve();
      if (message.msg === "ping") socket.send(JSON.stringify({ msg: "pong", id: message.id }));
      if (message.msg === "result" && message.id !== undefined) {
        const waiter = pending.get(message.id);
        pending.delete(message.id);
        if (message.error) waiter?.reject(new Error(JSON.stringify(message.error)));
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
