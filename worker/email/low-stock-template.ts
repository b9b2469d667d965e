/** The daily e-mail listing what is low on stock in a room (docs/architecture.md §9), as text and HTML. */
import type { EmailMessage } from "./mailer";
import { escapeHtml, layout, plural } from "./templates";

/** One low item as the e-mail lists it. */
export interface LowItem {
  title: string;
  quantity: number;
  reorderPoint: number;
}

/** Items listed in one e-mail; the rest are counted. */
export const MAX_LOW_LINES = 50;

/** Why it came, when, and how to stop it; `zone` is the time zone whose 07:00 it goes at. */
const hint = (zone: string) =>
  `You get this once a day, at 07:00 ${zone} time, because you asked for it. To stop it, untick “E-mail me what is low, once a day” on the room's Dashboard (ticking it again there sets the time to that browser's).`;

export function lowStockMessage(
  to: string,
  appUrl: string,
  roomId: string,
  roomName: string,
  items: readonly LowItem[],
  total: number,
  zone: string,
): EmailMessage {
  const url = `${appUrl}/rooms/${roomId}?stock=low`;
  const intro = `${plural(total, "item is", "items are")} at or below the reorder point in “${roomName}”.`;
  const lines = items
    .slice(0, MAX_LOW_LINES)
    .map((item) => `${item.title}: ${item.quantity} left (reorder at ${item.reorderPoint})`);
  if (total > lines.length) lines.push(`…and ${plural(total - lines.length, "more item", "more items")}`);
  const text = [
    intro,
    lines.map((line) => `  ${line}`).join("\n"),
    `See them in the room:\n${url}`,
    hint(zone),
    "— Stockroom",
  ].join("\n\n");
  const html = layout(
    `<p><strong>${escapeHtml(intro)}</strong></p>\n<ul>${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join("")}</ul>`,
    "See them in the room",
    url,
    hint(zone),
  );
  return { to, subject: `Low on stock in ${roomName}: ${plural(total, "item", "items")}`, text, html };
}
