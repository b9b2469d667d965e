/**
 * E-mails about new store orders (docs/product.md §6) to the room's members who asked
 * for them. Sending runs beside the room's write queue, never inside it: a
 * slow or failing mail provider must not hold up the room's orders and
 * items, and the order is recorded either way. Failures are the server's to
 * log; no client ever sees them.
 */

import { appUrl } from "../app-url";
import type { OrderInput } from "../db/room/orders-repo";
import { findStoreConnection } from "../db/room/store-repo";
import { type EmailMessage, sendEmail } from "../email/mailer";
import { moreOrdersMessage, newOrderMessage } from "../email/templates";
import type { RoomHost } from "../rooms/room-host";
import { roomRecord } from "../rooms/room-record";

/** Per call and member; a big batch (a sync catching up) ends in one summary instead of burying inboxes. */
export const MAX_ORDER_EMAILS = 20;

/**
 * Each room's notifications run one after another, so e-mails go out in the
 * order the orders arrived (and once a later one is sent, every earlier one
 * has been dealt with).
 */
const queues = new WeakMap<RoomHost, Promise<void>>();

/** Starts e-mailing about these new orders and returns at once; never throws. */
export function notifyNewOrders(host: RoomHost, orders: readonly OrderInput[]): void {
  if (orders.length === 0) return;
  const batch = [...orders];
  const done = (queues.get(host) ?? Promise.resolve())
    .then(() => sendAll(host, batch))
    .catch((error: unknown) => console.error(`orders: new-order e-mails for room ${host.roomId} failed`, error));
  queues.set(host, done);
}

async function sendAll(host: RoomHost, orders: OrderInput[]): Promise<void> {
  for (const message of await messagesFor(host, orders)) {
    // One refused address or provider hiccup must not cost the other members their e-mail.
    try {
      await sendEmail(host.env, message, host.now());
    } catch (error) {
      console.error(`orders: a new-order e-mail for room ${host.roomId} failed`, error);
    }
  }
}

async function messagesFor(host: RoomHost, orders: OrderInput[]): Promise<EmailMessage[]> {
  const connection = await findStoreConnection(host.roomDb, host.roomId);
  if (!connection) return [];
  // Orders placed before the store was connected are its history, not news:
  // a first full sync brings years of them.
  const fresh = orders.filter((order) => order.createdAt >= connection.createdAt);
  if (fresh.length === 0) return [];
  const recipients = (await host.members()).filter((member) => member.orderEmails && member.email);
  if (recipients.length === 0) return [];
  const room = await roomRecord(host);
  if (!room) return [];
  // No browser asked for this (a webhook or a sync did): links use the configured APP_URL.
  const url = appUrl(host.env, { origin: null });
  const shown = fresh.slice(0, MAX_ORDER_EMAILS);
  const more = fresh.length - shown.length;
  const messages = shown.flatMap((order) =>
    recipients.map((member) => newOrderMessage(member.email, url, room.id, room.name, order)),
  );
  if (more > 0) {
    for (const member of recipients) messages.push(moreOrdersMessage(member.email, url, room.id, room.name, more));
  }
  return messages;
}
