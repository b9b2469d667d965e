/**
 * The fake Shopify store (fake-shopify.ts) behind a local HTTP server, for
 * a Worker running under `wrangler dev`: started with
 * `SHOPIFY_API_ORIGIN=<origin>` (and STOCKROOM_DEV_OUTBOX=1), the app sends
 * `https://{shop}/…` to `{origin}/{shop}/…` (worker/stand-in-url.ts).
 * Several fake shops can live behind one server.
 */
import { createServer, type IncomingMessage } from "node:http";
import type { FakeShopify } from "./fake-shopify.ts";

export interface FakeShopifyServer {
  origin: string;
  add(fake: FakeShopify): void;
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of request) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

/** Starts on a free port (or `port`, for the stand-in store a person runs by hand: stand-in-store.ts). */
export async function startFakeShopifyServer(...initial: FakeShopify[]): Promise<FakeShopifyServer> {
  return startFakeShopifyServerOn(0, ...initial);
}

export async function startFakeShopifyServerOn(port: number, ...initial: FakeShopify[]): Promise<FakeShopifyServer> {
  const fakes = [...initial];
  const server = createServer(async (incoming, outgoing) => {
    try {
      const [, shop = "", ...rest] = (incoming.url ?? "/").split("/");
      const headers = new Headers();
      for (const [name, value] of Object.entries(incoming.headers)) {
        if (typeof value === "string") headers.set(name, value);
      }
      const body =
        incoming.method === "GET" || incoming.method === "HEAD" ? undefined : new Uint8Array(await readBody(incoming));
      const request = new Request(`https://${shop}/${rest.join("/")}`, { method: incoming.method, headers, body });
      let answer: Response | null = null;
      for (const fake of fakes) {
        answer = await fake.handle(request.clone());
        if (answer) break;
      }
      answer ??= new Response("Not Found", { status: 404 });
      outgoing.writeHead(answer.status, Object.fromEntries(answer.headers));
      outgoing.end(Buffer.from(await answer.arrayBuffer()));
    } catch (error) {
      console.error("fake shopify: request failed", error);
      outgoing.writeHead(500).end();
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", resolve);
  });
  const address = server.address();
  const bound = typeof address === "object" && address ? address.port : 0;
  return {
    origin: `http://127.0.0.1:${bound}`,
    add: (fake) => fakes.push(fake),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
