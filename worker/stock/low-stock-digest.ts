/**
 * The daily e-mail of what is low on stock (docs/architecture.md §9), to the members who
 * asked for it — one a day, never one per change. The room keeps when the
 * next is due (room_state) and wakes for it by its own alarm; a day with
 * nothing low sends nothing. Sending runs beside the write queue and never
 * throws: a failing mail provider costs that day's e-mail, nothing else.
 */
import { appUrl } from "../app-url";
import { lowItems } from "../db/low-stock-repo";
import { readState, writeState } from "../db/room-state";
import { lowStockMessage, MAX_LOW_LINES } from "../email/low-stock-template";
import { sendEmail } from "../email/mailer";
import type { RoomHost } from "../rooms/room-host";
import { roomRecord } from "../rooms/room-record";

const DUE = "low-stock-digest-due";
const DAY_MS = 24 * 60 * 60 * 1000;
/** The hour (UTC) the digest goes out: early morning in Europe, the night before in the Americas. */
export const DIGEST_HOUR_UTC = 7;

/** The first digest hour after `now`. */
export function nextDigestAt(now: number): number {
  const day = new Date(now);
  const today = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), DIGEST_HOUR_UTC);
  return today > now ? today : today + DAY_MS;
}

async function someoneAsked(host: RoomHost): Promise<boolean> {
  return (await host.members()).some((member) => member.lowStockEmails && member.email);
}

/**
 * When someone asked for the digest: makes sure one is due and the room's
 * alarm will go off for it. Answers when it is due (null when nobody asked).
 */
export async function keepDigestScheduled(host: RoomHost): Promise<number | null> {
  if (!(await someoneAsked(host))) return null;
  const saved = readState(host.roomDb, DUE);
  // A time gone by was left from before nobody asked any more: the next digest hour, not at once.
  const due = saved && Number(saved) > host.now() ? Number(saved) : nextDigestAt(host.now());
  if (String(due) !== saved) writeState(host.roomDb, DUE, String(due), host.now());
  await host.wakeAt(due);
  return due;
}

/**
 * Sends the digest if it is due (to each member who asked, if anything is
 * low) and sets the next one. Answers when the next is due, or null when
 * nobody asks any more.
 */
export async function runDueDigest(host: RoomHost, now = host.now()): Promise<number | null> {
  const saved = readState(host.roomDb, DUE);
  if (saved === null || Number(saved) > now) return saved === null ? null : Number(saved);
  // The next one first: a send that fails is not retried all day.
  writeState(host.roomDb, DUE, String(nextDigestAt(now)), now);
  const recipients = (await host.members()).filter((member) => member.lowStockEmails && member.email);
  if (recipients.length === 0) return null;
  const { items, total } = lowItems(host.roomDb, MAX_LOW_LINES);
  const room = await roomRecord(host);
  if (total > 0 && room) {
    const url = appUrl(host.env, { origin: null });
    for (const member of recipients) {
      try {
        await sendEmail(host.env, lowStockMessage(member.email, url, room.id, room.name, items, total), now);
      } catch (error) {
        console.error(`stock: a low-stock e-mail for room ${host.roomId} failed`, error);
      }
    }
  }
  return nextDigestAt(now);
}
