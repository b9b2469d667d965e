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

/** What the last drift check found, as the e-mail lists it (docs/stock.md, "The drift check"). */
export interface DriftSummary {
  differences: number;
  lines: readonly { title: string; here: number; store: number; locationName: string }[];
}

export function lowStockMessage(
  to: string,
  appUrl: string,
  roomId: string,
  roomName: string,
  items: readonly LowItem[],
  total: number,
  zone: string,
  drift: DriftSummary = { differences: 0, lines: [] },
): EmailMessage {
  const url = `${appUrl}/rooms/${roomId}?stock=low`;
  const intro =
    total > 0 ? `${plural(total, "item is", "items are")} at or below the reorder point in “${roomName}”.` : "";
  const lines = items
    .slice(0, MAX_LOW_LINES)
    .map((item) => `${item.title}: ${item.quantity} left (reorder at ${item.reorderPoint})`);
  if (total > lines.length) lines.push(`…and ${plural(total - lines.length, "more item", "more items")}`);
  // Differences are reported, never corrected by themselves: the Store tab takes one side per line.
  const driftIntro =
    drift.differences > 0
      ? `Stock here and in the store differ for ${plural(drift.differences, "variant", "variants")} in “${roomName}” (the Store tab says which count to keep):`
      : "";
  const driftLines = drift.lines
    .slice(0, MAX_LOW_LINES)
    .map((line) => `${line.title} at ${line.locationName}: ${line.here} here, ${line.store} in the store`);
  if (drift.differences > driftLines.length)
    driftLines.push(`…and ${plural(drift.differences - driftLines.length, "more", "more")}`);
  const text = [
    ...(intro ? [intro, lines.map((line) => `  ${line}`).join("\n")] : []),
    ...(driftIntro ? [driftIntro, driftLines.map((line) => `  ${line}`).join("\n")] : []),
    `See them in the room:\n${url}`,
    hint(zone),
    "— Stockroom",
  ].join("\n\n");
  const list = (entries: string[]) => `<ul>${entries.map((line) => `<li>${escapeHtml(line)}</li>`).join("")}</ul>`;
  const html = layout(
    [
      intro ? `<p><strong>${escapeHtml(intro)}</strong></p>\n${list(lines)}` : "",
      driftIntro ? `<p><strong>${escapeHtml(driftIntro)}</strong></p>\n${list(driftLines)}` : "",
    ].join("\n"),
    "See them in the room",
    url,
    hint(zone),
  );
  const subject =
    total > 0
      ? `Low on stock in ${roomName}: ${plural(total, "item", "items")}`
      : `Stock differs from the store in ${roomName}: ${plural(drift.differences, "variant", "variants")}`;
  return { to, subject, text, html };
}
