/**
 * Store orders of one room. The store sync (webhooks, scheduled and
 * on-demand sync) records them here, through the RoomDO, so every change is
 * announced and the dashboard counts it at once.
 */
import * as v from "valibot";
import { COLLECTION } from "../../protocol/api";
import { LiveError } from "../../protocol/errors";
import { findStoreOrder, type OrderInput, toOrderDoc, upsertOrder } from "../db/room/orders-repo";
import { asDoc } from "../live/types";
import type { RoomHost } from "../rooms/room-host";
import { notifyNewOrders } from "./order-emails";

const cents = v.pipe(v.number(), v.integer(), v.minValue(0));
const text = (max: number) => v.pipe(v.string(), v.maxLength(max));

const orderSchema = v.strictObject({
  storeOrderId: v.pipe(text(128), v.nonEmpty()),
  name: text(200),
  customerKey: text(200),
  customerName: text(200),
  currency: v.pipe(v.string(), v.regex(/^[A-Z]{3}$/)),
  totalCents: cents,
  lineItems: v.pipe(
    v.array(
      v.strictObject({
        productKey: v.pipe(text(200), v.nonEmpty()),
        title: text(300),
        quantity: v.pipe(v.number(), v.integer(), v.minValue(0)),
        priceCents: cents,
      }),
    ),
    v.maxLength(500),
  ),
  createdAt: v.pipe(v.number(), v.integer(), v.minValue(0)),
  storeUpdatedAt: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
});

/** Queued with the room's item writes: the dashboard counts each order's "before" exactly once. */
export function recordOrder(host: RoomHost, input: unknown): Promise<string> {
  return host.writes.run(() => recordOrderNow(host, input));
}

/** `recordOrder` for a caller that already holds host.writes (e.g. a webhook being applied). */
export async function recordOrderNow(host: RoomHost, input: unknown): Promise<string> {
  const parsed = v.safeParse(orderSchema, input);
  if (!parsed.success) {
    const issue = parsed.issues[0];
    throw new LiveError(
      400,
      `Invalid order: ${issue?.path?.map((p) => p.key).join(".") ?? ""} ${issue?.message ?? ""}`,
    );
  }
  const order: OrderInput = parsed.output;
  const before = await findStoreOrder(host.roomDb, host.roomId, order.storeOrderId);
  const row = await upsertOrder(host.roomDb, host.roomId, order, host.now());
  // The stored version is newer in the store (this one arrived late): keep it.
  if (!row) return before?.id ?? "";
  host.emit({
    collection: COLLECTION.ORDERS,
    id: row.id,
    doc: asDoc(toOrderDoc(row)),
    previous: before ? asDoc(toOrderDoc(before)) : null,
  });
  // Only an order seen for the first time is news; the e-mails go out beside the write queue, not in it.
  if (!before) notifyNewOrders(host, [order]);
  return row.id;
}
