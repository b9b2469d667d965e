/**
 * The Worker used by `npm run bench`: the real app plus what only benchmarks
 * need, kept out of the production bundle —
 * - `EchoDO`: a raw hibernating WebSocket echo/broadcast in the same workerd,
 *   the baseline each live-layer figure is compared with;
 * - `BenchRoomDO`: the real RoomDO with one extra no-op method, so a method
 *   round trip measures the live layer rather than D1.
 */
import { DurableObject } from "cloudflare:workers";
import * as v from "valibot";
import app from "../worker/index";
import type { LiveRegistry } from "../worker/live/registry";
import { RoomDO } from "../worker/rooms/room-do";
import type { RoomHost } from "../worker/rooms/room-host";

export { HomeDO } from "../worker/rooms/home-do";

export class BenchRoomDO extends RoomDO {
  protected override createRegistry(): LiveRegistry<RoomHost> {
    return super.createRegistry().method("bench.noop", { args: v.tuple([]), run: () => null });
  }
}

export class EchoDO extends DurableObject<Env> {
  override async fetch(): Promise<Response> {
    const { 0: client, 1: server } = new WebSocketPair();
    this.ctx.acceptWebSocket(server);
    return new Response(null, { status: 101, webSocket: client });
  }

  /** "echo:…" answers the sender; "all:…" goes to every socket. */
  override webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): void {
    const text = typeof message === "string" ? message : "";
    if (text.startsWith("all:")) {
      const payload = text.slice(4);
      for (const socket of this.ctx.getWebSockets()) socket.send(payload);
    } else {
      ws.send(text);
    }
  }
}

export default {
  async fetch(request, env, ctx) {
    const url = new URL(request.url);
    if (url.pathname.startsWith("/bench/echo/")) {
      const name = url.pathname.slice("/bench/echo/".length);
      return (env as unknown as { ECHO: DurableObjectNamespace }).ECHO.getByName(name).fetch(request);
    }
    return app.fetch!(request, env, ctx);
  },
} satisfies ExportedHandler<Env>;
