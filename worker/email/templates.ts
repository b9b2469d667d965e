/**
 * The account e-mails, each as text and HTML. Links use a hash fragment
 * (`#/reset-password/TOKEN`, docs/protocol.md §2) so the token never reaches a server log.
 * Also the order e-mails (docs/product.md §6), whose values come from the store and are
 * escaped like everything else.
 */
import type { OrderDoc } from "../../protocol/api";
import type { EmailMessage } from "./mailer";

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function message(to: string, subject: string, intro: string, action: string, url: string, outro: string): EmailMessage {
  const text = `${intro}\n\n${action}:\n${url}\n\n${outro}\n\n— Stockroom`;
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1f2421">
<p>${escapeHtml(intro)}</p>
<p><a href="${escapeHtml(url)}" style="display:inline-block;padding:10px 16px;background:#2f5d50;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(action)}</a></p>
<p style="color:#68706b;font-size:14px">${escapeHtml(outro)}<br>If the button does not work, copy this link: ${escapeHtml(url)}</p>
<p>— Stockroom</p></body></html>`;
  return { to, subject, text, html };
}

export function verifyEmailMessage(to: string, appUrl: string, token: string): EmailMessage {
  return message(
    to,
    "Confirm your e-mail address for Stockroom",
    "Welcome to Stockroom! Please confirm that this is your e-mail address.",
    "Confirm e-mail",
    `${appUrl}/#/verify-email/${token}`,
    "If you did not create a Stockroom account, you can ignore this message.",
  );
}

export function resetPasswordMessage(to: string, appUrl: string, token: string): EmailMessage {
  return message(
    to,
    "Reset your Stockroom password",
    "Someone asked to reset the password of the Stockroom account for this address.",
    "Choose a new password",
    `${appUrl}/#/reset-password/${token}`,
    "The link works once and for 3 days. If it was not you, ignore this message: your password stays as it is.",
  );
}

/** "E-mail me a sign-in link": gets the owner in however many wrong passwords others tried. */
export function loginLinkMessage(to: string, appUrl: string, token: string): EmailMessage {
  return message(
    to,
    "Your sign-in link for Stockroom",
    "Someone asked for a link to sign in to the Stockroom account for this address.",
    "Sign in to Stockroom",
    `${appUrl}/#/login-link/${token}`,
    "The link works once and for 15 minutes. If it was not you, ignore this message: nobody can sign in without it.",
  );
}

/** An invitation for a new address: the link (to the room, with the token in the hash) sets a password and opens the room. */
export function enrollMessage(
  to: string,
  appUrl: string,
  token: string,
  invitation: { roomId: string; roomName: string; invitedBy: string },
): EmailMessage {
  return message(
    to,
    `${invitation.invitedBy} invited you to ${invitation.roomName} on Stockroom`,
    `${invitation.invitedBy} invited you to the room “${invitation.roomName}” on Stockroom, where the team keeps its stock and catalogue.`,
    "Set your password and join",
    `${appUrl}/rooms/${invitation.roomId}#/enroll-account/${token}`,
    "The link works once and for 30 days.",
  );
}

export function invitationMessage(
  to: string,
  appUrl: string,
  roomId: string,
  roomName: string,
  invitedBy: string,
): EmailMessage {
  return message(
    to,
    `${invitedBy} added you to ${roomName} on Stockroom`,
    `${invitedBy} added you to the room “${roomName}” on Stockroom.`,
    "Open the room",
    `${appUrl}/rooms/${roomId}`,
    "You will also find it in your list of rooms.",
  );
}

/** What an order e-mail shows of an order. */
export type OrderSummary = Pick<OrderDoc, "name" | "customerName" | "currency" | "totalCents" | "lineItems">;

/** A long order is summed up: the e-mail stays readable and small. */
const MAX_LINES = 50;
const STOP_HINT =
  "You get these because you asked for them. To stop them, untick “E-mail me each new order” in the room's Online store panel.";

/** Fixed English formatting: the e-mail is read far from the server's or the buyer's locale. */
export function formatMoney(cents: number, currency: string): string {
  try {
    return new Intl.NumberFormat("en-US", { style: "currency", currency }).format(cents / 100);
  } catch {
    return `${(cents / 100).toFixed(2)} ${currency}`;
  }
}

export const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** An e-mail's HTML: its paragraphs, one button, and why it was sent (how to stop it). */
export function layout(paragraphsHtml: string, action: string, url: string, hint = STOP_HINT): string {
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1f2421">
${paragraphsHtml}
<p><a href="${escapeHtml(url)}" style="display:inline-block;padding:10px 16px;background:#2f5d50;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(action)}</a></p>
<p style="color:#68706b;font-size:14px">${escapeHtml(hint)}<br>If the button does not work, copy this link: ${escapeHtml(url)}</p>
<p>— Stockroom</p></body></html>`;
}

export function newOrderMessage(
  to: string,
  appUrl: string,
  roomId: string,
  roomName: string,
  order: OrderSummary,
): EmailMessage {
  const url = `${appUrl}/rooms/${roomId}`;
  const items = order.lineItems.reduce((sum, line) => sum + line.quantity, 0);
  const total = formatMoney(order.totalCents, order.currency);
  const title = order.name ? `New order ${order.name}` : "New order";
  const intro = `${title} in “${roomName}”.`;
  const customer = order.customerName ? `Customer: ${order.customerName}` : "";
  const shown = order.lineItems.slice(0, MAX_LINES);
  const lines = shown.map(
    (line) => `${line.title} × ${line.quantity}, ${formatMoney(line.priceCents, order.currency)} each`,
  );
  const hidden = order.lineItems.length - shown.length;
  if (hidden > 0) lines.push(`…and ${plural(hidden, "more line", "more lines")}`);

  const text = [
    intro,
    customer,
    lines.map((line) => `  ${line}`).join("\n"),
    `Total: ${total}`,
    `Open the room:\n${url}`,
    STOP_HINT,
    "— Stockroom",
  ]
    .filter(Boolean)
    .join("\n\n");
  const html = layout(
    [
      `<p><strong>${escapeHtml(intro)}</strong></p>`,
      customer && `<p>${escapeHtml(customer)}</p>`,
      lines.length > 0 && `<ul>${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join("")}</ul>`,
      `<p>Total: <strong>${escapeHtml(total)}</strong></p>`,
    ]
      .filter(Boolean)
      .join("\n"),
    "Open the room",
    url,
  );
  return { to, subject: `${title} — ${plural(items, "item", "items")}, ${total}`, text, html };
}

/** Sent instead of the e-mails beyond the first ones of a batch (see orders/order-emails.ts). */
export function moreOrdersMessage(
  to: string,
  appUrl: string,
  roomId: string,
  roomName: string,
  more: number,
): EmailMessage {
  const url = `${appUrl}/rooms/${roomId}`;
  const intro = `…and ${plural(more, "more new order", "more new orders")} in “${roomName}”.`;
  const text = `${intro}\n\nSee them all in the room:\n${url}\n\n${STOP_HINT}\n\n— Stockroom`;
  const html = layout(`<p>${escapeHtml(intro)}</p>`, "See them in the room", url);
  return { to, subject: `…and ${plural(more, "more new order", "more new orders")} in ${roomName}`, text, html };
}
