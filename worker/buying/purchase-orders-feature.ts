/**
 * Purchase orders (docs/buying.md): their methods and publications. Members
 * who buy (owners, admins, members) draft, change, send, close and cancel
 * them; everyone in the room sees them, live — the list of the newest, and
 * one order with its lines and history.
 */
import { COLLECTION, can, METHOD, PUBLICATION } from "../../protocol/api";
import { PUBLICATION_ARGS } from "../../protocol/args";
import { PURCHASE_ORDER_LIMITS } from "../../protocol/purchase-order-args";
import { RandomStream } from "../../protocol/random-stream";
import { defineMethod } from "../contract";
import { eventsOf, linesOf, listOrderDocs, orderDoc, toEventDoc, toLineDoc } from "../db/room/purchase-orders-repo";
import { assertWithinReceiveLimit } from "../inventory/stock-feature";
import type { LiveRegistry } from "../live/registry";
import { asDoc } from "../live/types";
import { requireRole } from "../rooms/access";
import type { RoomHost } from "../rooms/room-host";
import { sendOrder } from "./order-email";
import { createOrder, moveOrder, setOrderLine, updateOrder } from "./purchase-orders";
import { acceptReceived, countReceived, tallyOf, toTallyDoc } from "./receiving";
import { reorderLowStock } from "./reorder-low-stock";

/** History lines an order's page shows (the newest). */
const EVENTS_SHOWN = 200;

export function registerPurchaseOrders(registry: LiveRegistry<RoomHost>): void {
  defineMethod(registry, METHOD.PURCHASE_ORDERS_CREATE, {
    run: async (ctx, input) => {
      await requireRole(ctx, can.buy);
      return createOrder(ctx.host, ctx.userId as string, input);
    },
  });
  defineMethod(registry, METHOD.PURCHASE_ORDERS_UPDATE, {
    run: async (ctx, id, change) => {
      await requireRole(ctx, can.buy);
      return updateOrder(ctx.host, ctx.userId as string, id, change);
    },
  });
  defineMethod(registry, METHOD.PURCHASE_ORDERS_SET_LINE, {
    run: async (ctx, id, line) => {
      await requireRole(ctx, can.buy);
      return setOrderLine(ctx.host, ctx.userId as string, id, line);
    },
  });
  defineMethod(registry, METHOD.PURCHASE_ORDERS_MOVE, {
    run: async (ctx, id, to) => {
      await requireRole(ctx, can.buy);
      return moveOrder(ctx.host, ctx.userId as string, id, to);
    },
  });
  defineMethod(registry, METHOD.PURCHASE_ORDERS_SEND, {
    run: async (ctx, id, message) => {
      await requireRole(ctx, can.buy);
      return sendOrder(ctx.host, ctx.userId as string, id, message);
    },
  });
  defineMethod(registry, METHOD.PURCHASE_ORDERS_REORDER_LOW, {
    run: async (ctx, { times }) => {
      await requireRole(ctx, can.buy);
      return reorderLowStock(ctx.host, ctx.userId as string, times);
    },
  });

  // Receiving is everyone's who receives stock (a counter too): the order was made by those who buy.
  defineMethod(registry, METHOD.PURCHASE_ORDERS_COUNT, {
    run: async (ctx, id, count) => {
      const role = await requireRole(ctx, can.receive);
      // Below member, as many units at once as any receipt of theirs (a box, not a mistyped 5,000).
      assertWithinReceiveLimit(role, Math.abs(count.units));
      const scanId = new RandomStream(ctx.randomSeed).id(COLLECTION.PURCHASE_ORDER_TALLY);
      return countReceived(ctx.host, ctx.userId as string, id, count, scanId);
    },
  });
  defineMethod(registry, METHOD.PURCHASE_ORDERS_ACCEPT, {
    run: async (ctx, id, { locationId }) => {
      await requireRole(ctx, can.receive);
      return acceptReceived(ctx.host, ctx.userId as string, id, locationId);
    },
  });

  registry.publish(PUBLICATION.PURCHASE_ORDERS, {
    args: PUBLICATION_ARGS[PUBLICATION.PURCHASE_ORDERS],
    run: async (ctx) => {
      await requireRole(ctx);
      return {
        kind: "observed",
        collection: COLLECTION.PURCHASE_ORDERS,
        key: "newest",
        fetch: async () => listOrderDocs(ctx.host.roomDb, PURCHASE_ORDER_LIMITS.LISTED).map((doc) => asDoc(doc)),
        matches: () => true,
      } as const;
    },
  });

  registry.publish(PUBLICATION.PURCHASE_ORDER, {
    args: PUBLICATION_ARGS[PUBLICATION.PURCHASE_ORDER],
    run: async (ctx, orderId) => {
      await requireRole(ctx);
      const db = ctx.host.roomDb;
      return [
        {
          kind: "observed",
          collection: COLLECTION.PURCHASE_ORDERS,
          key: `order|${orderId}`,
          fetch: async () => {
            const doc = orderDoc(db, orderId);
            return doc ? [asDoc(doc)] : [];
          },
          matches: (doc) => doc._id === orderId,
        },
        {
          kind: "observed",
          collection: COLLECTION.PURCHASE_ORDER_LINES,
          key: `lines|${orderId}`,
          fetch: async () => linesOf(db, orderId).map((row) => asDoc(toLineDoc(row))),
          matches: (doc) => doc.orderId === orderId,
        },
        {
          kind: "observed",
          collection: COLLECTION.PURCHASE_ORDER_EVENTS,
          key: `events|${orderId}`,
          fetch: async () => eventsOf(db, orderId, EVENTS_SHOWN).map((row) => asDoc(toEventDoc(row))),
          matches: (doc) => doc.orderId === orderId,
        },
        {
          kind: "observed",
          collection: COLLECTION.PURCHASE_ORDER_TALLY,
          key: `tally|${orderId}`,
          fetch: async () =>
            [...tallyOf(ctx.host, orderId)].map(([lineId, tally]) => asDoc(toTallyDoc(orderId, lineId, tally))),
          matches: (doc) => doc.orderId === orderId,
        },
      ] as const;
    },
  });
}
