/**
 * Sending a purchase order to its supplier (docs/buying.md): the order as a
 * PDF attached to an e-mail that says what it is in a few lines, with a
 * reply going to the person who sent it. The e-mail goes outside the room's
 * write queue (it waits on the mail service); the order is marked sent, and
 * ordered if it was a draft, only once it has gone.
 */

import { orderNumberText } from "../../protocol/api";
import { LiveError } from "../../protocol/errors";
import { findLocation } from "../db/room/locations-repo";
import type { PurchaseOrderRow } from "../db/room/purchase-order-tables";
import { findOrder, linesOf } from "../db/room/purchase-orders-repo";
import { findSupplier } from "../db/room/suppliers-repo";
import { type EmailMessage, sendEmail } from "../email/mailer";
import { escapeHtml, formatMoney } from "../email/templates";
import type { RoomHost } from "../rooms/room-host";
import { roomRecord } from "../rooms/room-record";
import { eventRow, saveOrderChange } from "./order-changes";
import { type OrderForPdf, orderPdf } from "./order-pdf";
import { assertMove, orderedColumns, orderHere } from "./purchase-orders";

/** What the PDF shows of an order, read now. */
export async function orderForPdf(host: RoomHost, orderId: string): Promise<OrderForPdf> {
  const order = orderHere(host, orderId);
  return {
    order,
    lines: linesOf(host.roomDb, orderId),
    supplier: findSupplier(host.roomDb, order.supplierId),
    shop: (await roomRecord(host))?.name ?? "",
    location: findLocation(host.roomDb, order.locationId)?.name ?? "",
  };
}

/** The order's file name: "PO-0042.pdf". */
export const orderFileName = (number: number) => `${orderNumberText(number)}.pdf`;

/** The order as a PDF and its file name, or null when the room has no such order (its download route). */
export async function orderPdfFile(
  host: RoomHost,
  orderId: string,
): Promise<{ fileName: string; bytes: Uint8Array } | null> {
  if (!findOrder(host.roomDb, orderId)) return null;
  const input = await orderForPdf(host, orderId);
  return { fileName: orderFileName(input.order.number), bytes: await orderPdf(input) };
}

function base64(bytes: Uint8Array): string {
  let binary = "";
  for (let start = 0; start < bytes.length; start += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
  }
  return btoa(binary);
}

export function orderMessage(
  input: OrderForPdf,
  to: string,
  message: string,
  from: { name: string; email: string },
  pdf: Uint8Array,
): EmailMessage {
  const number = orderNumberText(input.order.number);
  const total = input.lines.reduce((sum, line) => sum + line.quantity * (line.unitCostCents ?? 0), 0);
  const units = input.lines.reduce((sum, line) => sum + line.quantity, 0);
  const summary = `${input.lines.length} line${input.lines.length === 1 ? "" : "s"}, ${units} unit${units === 1 ? "" : "s"}, ${formatMoney(total, input.order.currency)} in all.`;
  const sender = from.name || from.email;
  const paragraphs = [
    `Hello${input.supplier?.contact ? ` ${input.supplier.contact}` : ""},`,
    `${input.shop} sends purchase order ${number}, attached as a PDF: ${summary}`,
    `Please deliver to: ${input.location}.`,
    ...(message ? [message] : []),
    `Reply to this e-mail to reach ${sender}.`,
  ];
  return {
    to,
    subject: `Purchase order ${number} from ${input.shop}`,
    text: `${paragraphs.join("\n\n")}\n\n— ${sender}, ${input.shop} (sent with Stockroom)\n`,
    html: `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1f2421">${paragraphs
      .map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`)
      .join("")}<p>— ${escapeHtml(sender)}, ${escapeHtml(input.shop)}</p></body></html>`,
    replyTo: from.email || undefined,
    attachments: [{ filename: orderFileName(input.order.number), type: "application/pdf", content: base64(pdf) }],
  };
}

/**
 * E-mails the order to its supplier with `message`, then records it: sent
 * (to whom, when) and ordered, when it was a draft. A send that fails
 * changes nothing and says so.
 */
export async function sendOrder(host: RoomHost, actor: string, orderId: string, message: string): Promise<null> {
  const { to } = await orderToSend(host, actor, orderId);
  const input = await orderForPdf(host, orderId);
  const me = (await host.members()).find((member) => member._id === actor);
  const pdf = await orderPdf(input);
  try {
    await sendEmail(
      host.env,
      orderMessage(input, to, message, { name: me?.name ?? "", email: me?.email ?? "" }, pdf),
      host.now(),
    );
  } catch (error) {
    console.error("purchase order: could not send", error);
    throw new LiveError(502, "The e-mail could not be sent just now: nothing changed, try again in a moment");
  }
  return recordSent(host, actor, orderId, to);
}

/**
 * Records that the order went to `to`: when, in its history, and — a draft —
 * ordered. The e-mail has gone by then, so this never refuses: an order
 * moved meanwhile (cancelled while the mail was on its way) keeps its status
 * and still says it was sent.
 */
export function recordSent(host: RoomHost, actor: string, orderId: string, to: string): Promise<null> {
  return host.writes.run(async () => {
    const order = orderHere(host, orderId);
    const at = host.now();
    const set: Partial<PurchaseOrderRow> = {
      ...(order.status === "draft" ? orderedColumns(host, order, at) : {}),
      sentTo: to,
      sentAt: at,
      updatedAt: at,
    };
    saveOrderChange(host, orderId, set, eventRow(orderId, actor, at, `Sent to ${to}`));
    return null;
  }, actor);
}

/** What an order needs before it can be sent: a supplier with an address, and lines. */
export async function orderToSend(
  host: RoomHost,
  actor: string,
  orderId: string,
): Promise<{ order: PurchaseOrderRow; to: string }> {
  return host.writes.run(async () => {
    const order = orderHere(host, orderId);
    if (order.status !== "draft" && order.status !== "ordered") assertMove(order, "ordered");
    const supplier = findSupplier(host.roomDb, order.supplierId);
    if (!supplier?.email) {
      throw new LiveError(
        409,
        `Add ${supplier?.name ?? "the supplier"}'s e-mail address in Settings → Suppliers first`,
      );
    }
    if (linesOf(host.roomDb, orderId).length === 0) {
      throw new LiveError(409, "Add what to order first: this order has no lines");
    }
    return { order, to: supplier.email };
  }, actor);
}
