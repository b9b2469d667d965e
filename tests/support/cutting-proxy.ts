/**
 * A WebSocket proxy between a DDP client and the real server, for interop
 * tests: `cut(ms)` drops every connection through it and refuses new ones
 * for `ms`, as a lost signal does, so a client's own reconnect, re-login,
 * resubscribe and queued methods are what is tested.
 */
import type { AddressInfo } from "node:net";
import WebSocket, { WebSocketServer } from "ws";

export interface CuttingProxy {
  /** ws://127.0.0.1:<port>, to put in front of the server's paths. */
  url: string;
  cut(refuseForMs: number): void;
  close(): Promise<void>;
}

export async function cuttingProxy(target: string): Promise<CuttingProxy> {
  const server = new WebSocketServer({ host: "127.0.0.1", port: 0 });
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  const pairs = new Set<[WebSocket, WebSocket]>();
  let refuseUntil = 0;
  server.on("connection", (client, request) => {
    if (Date.now() < refuseUntil) return void client.terminate();
    const upstream = new WebSocket(`${target}${request.url ?? "/"}`);
    const pair: [WebSocket, WebSocket] = [client, upstream];
    pairs.add(pair);
    const early: (Buffer | string)[] = [];
    client.on("message", (data, binary) => {
      const frame = binary ? (data as Buffer) : data.toString();
      if (upstream.readyState === WebSocket.OPEN) upstream.send(frame);
      else early.push(frame);
    });
    upstream.on("open", () => {
      for (const frame of early.splice(0)) upstream.send(frame);
    });
    upstream.on("message", (data, binary) => client.send(binary ? (data as Buffer) : data.toString()));
    const end = () => {
      pairs.delete(pair);
      client.terminate();
      upstream.terminate();
    };
    client.on("close", end);
    upstream.on("close", end);
    client.on("error", end);
    upstream.on("error", end);
  });
  return {
    url: `ws://127.0.0.1:${(server.address() as AddressInfo).port}`,
    cut(refuseForMs) {
      refuseUntil = Date.now() + refuseForMs;
      for (const [client, upstream] of [...pairs]) {
        client.terminate();
        upstream.terminate();
      }
      pairs.clear();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const [client, upstream] of pairs) {
          client.terminate();
          upstream.terminate();
        }
        server.close(() => resolve());
      }),
  };
}
