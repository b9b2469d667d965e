/** The stock report (docs/buying.md), for everyone in the room: the dashboard's figures over a chosen period. */
import { METHOD } from "../../protocol/api";
import { defineMethod } from "../contract";
import type { LiveRegistry } from "../live/registry";
import { requireRole } from "../rooms/access";
import type { RoomHost } from "../rooms/room-host";
import { stockReport } from "./stock-report";

export function registerStockReport(registry: LiveRegistry<RoomHost>): void {
  defineMethod(registry, METHOD.REPORTS_STOCK, {
    run: async (ctx, query) => {
      await requireRole(ctx);
      return stockReport(ctx.host, query);
    },
  });
}
