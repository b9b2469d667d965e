/**
 * `GET /api/rooms/:roomId/purchase-orders/:orderId/pdf`: a purchase order
 * as the PDF its supplier gets (order-pdf.ts), for anyone in the room
 * (signed in by cookie or bearer token). Drawn by the room's object, which
 * holds the order; sent as a download, never shown in our origin.
 */
import { Hono } from "hono";
import { getServerByName } from "partyserver";
import type { RoomDO } from "../objects/room-do";
import { roomCaller } from "../rooms/room-caller";

export const purchaseOrderRoutes = new Hono<{ Bindings: Env }>();

purchaseOrderRoutes.get("/:roomId/purchase-orders/:orderId/pdf", async (c) => {
  const caller = await roomCaller(c, () => true, "");
  if (caller instanceof Response) return caller;
  const stub = await getServerByName(c.env.ROOM as unknown as DurableObjectNamespace<RoomDO>, caller.room.id);
  const pdf = await stub.purchaseOrderPdf(c.req.param("orderId"));
  if (!pdf) return c.json({ error: "No such purchase order in this room" }, 404);
  return new Response(pdf.bytes, {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${pdf.fileName}"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "sandbox",
    },
  });
});
