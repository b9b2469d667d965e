/**
 * The daily e-mail of what is low on stock (docs/architecture.md §9), to the members who
 * asked for it — one a day, never one per change — at 07:00 in each one's
 * own time zone (the browser's, sent when they ask). The room keeps when it
 * next runs (room_state) and wakes for it by its own alarm: each run sends
 * to those whose 07:00 has come since the last run, so an alarm that is
 * late or runs twice still gives each person one e-mail that day. A day
 * with nothing low (and no difference with the store's stock: the store's
 * last drift check, store/store-drift.ts) sends nothing. Sending runs beside the write queue and
 * never throws: a failing mail provider costs that day's e-mail, nothing
 * else.
 */
import type { MemberDoc } from "../../protocol/api";
import { lastHourIn, nextHourIn } from "../../protocol/time-zones";
import { appUrl } from "../app-url";
import { listLocations } from "../db/room/locations-repo";
import { lowItems } from "../db/room/low-stock-repo";
import { deleteState, readState, writeState } from "../db/room/room-state";
import { type DriftSummary, lowStockMessage, MAX_LOW_LINES } from "../email/low-stock-template";
import { sendEmail } from "../email/mailer";
import type { RoomHost } from "../rooms/room-host";
import { roomRecord } from "../rooms/room-record";

/** When the room's alarm next runs the digest. */
const DUE = "low-stock-digest-due";
/** When it last ran: each member's digest hour since then is theirs to get. */
const RAN = "low-stock-digest-ran";
/** Per member: their time zone, and when they asked (a digest hour before that is not theirs). */
const choiceKey = (userId: string) => `low-stock-digest-for:${userId}`;

/** What the store's last drift check found, with each line's location by name (store/store-drift.ts). */
function driftSummary(host: RoomHost): DriftSummary {
  const { differences, lines } = host.extensions.storeDrift(host);
  const names = new Map(listLocations(host.roomDb).map((location) => [location.id, location.name]));
  return {
    differences,
    lines: lines.map((line) => ({ ...line, locationName: names.get(line.locationId) ?? "a removed location" })),
  };
}

/** The hour of the member's own day the digest goes out. */
export const DIGEST_HOUR = 7;
/** For a member who asked before time zones were kept (or from a client that sent none). */
export const DEFAULT_DIGEST_ZONE = "UTC";

interface Recipient {
  member: MemberDoc;
  zone: string;
  /** When they asked (ms); 0 when it was before this was kept. */
  since: number;
}

/** Keeps the time zone `userId` wants the digest in, from now on; null when they no longer want it. */
export function chooseDigestZone(host: RoomHost, userId: string, zone: string | null): void {
  const now = host.now();
  if (zone === null) deleteState(host.roomDb, choiceKey(userId));
  else writeState(host.roomDb, choiceKey(userId), JSON.stringify({ zone, since: now }), now);
}

function choiceOf(host: RoomHost, userId: string): { zone: string; since: number } {
  const saved = readState(host.roomDb, choiceKey(userId));
  const parsed = saved ? (JSON.parse(saved) as { zone?: unknown; since?: unknown }) : {};
  return {
    zone: typeof parsed.zone === "string" ? parsed.zone : DEFAULT_DIGEST_ZONE,
    since: typeof parsed.since === "number" ? parsed.since : 0,
  };
}

async function recipients(host: RoomHost): Promise<Recipient[]> {
  return (await host.members())
    .filter((member) => member.lowStockEmails && member.email)
    .map((member) => ({ member, ...choiceOf(host, member._id) }));
}

/** The first digest hour after `now` in any recipient's time zone. */
export function nextDigestAt(now: number, zones: readonly string[]): number {
  return Math.min(...zones.map((zone) => nextHourIn(now, zone, DIGEST_HOUR)));
}

/**
 * When someone asked for the digest: makes sure a run is due at the
 * earliest recipient's next digest hour and the room's alarm will go off
 * for it. Answers when it is due (null when nobody asked).
 */
export async function keepDigestScheduled(host: RoomHost): Promise<number | null> {
  const list = await recipients(host);
  if (list.length === 0) return null;
  const now = host.now();
  // Nothing from before the first run is owed: a digest hour gone by when someone asks waits for tomorrow.
  if (readState(host.roomDb, RAN) === null) writeState(host.roomDb, RAN, String(now), now);
  const saved = Number(readState(host.roomDb, DUE));
  const next = nextDigestAt(
    now,
    list.map((each) => each.zone),
  );
  // A run already due sooner stays (it finds nobody due and sets the next); a new, earlier zone brings it forward.
  const due = saved > now ? Math.min(saved, next) : next;
  if (due !== saved) writeState(host.roomDb, DUE, String(due), now);
  await host.wakeAt(due);
  return due;
}

/**
 * Sends the digest to each member who asked and whose digest hour has come
 * since the last run, if anything is low, and sets the next run. Answers
 * when the next is due, or null when nobody asks any more.
 */
export async function runDueDigest(host: RoomHost, now = host.now()): Promise<number | null> {
  const saved = readState(host.roomDb, DUE);
  if (saved === null || Number(saved) > now) return saved === null ? null : Number(saved);
  // A room scheduled before runs were recorded: its one due hour belongs to this run.
  const lastRan = Number(readState(host.roomDb, RAN) ?? Number(saved) - 1);
  const list = await recipients(host);
  const next =
    list.length > 0
      ? nextDigestAt(
          now,
          list.map((each) => each.zone),
        )
      : null;
  // The next run first: a send that fails is not retried all day.
  writeState(host.roomDb, RAN, String(now), now);
  if (next === null) deleteState(host.roomDb, DUE);
  else writeState(host.roomDb, DUE, String(next), now);
  const due = list.filter(({ zone, since }) => lastHourIn(now, zone, DIGEST_HOUR) > Math.max(lastRan, since));
  if (due.length === 0) return next;
  const { items, total } = lowItems(host.roomDb, MAX_LOW_LINES);
  const drift = driftSummary(host);
  const room = await roomRecord(host);
  if ((total > 0 || drift.differences > 0) && room) {
    const url = appUrl(host.env, { origin: null });
    for (const { member, zone } of due) {
      try {
        const message = lowStockMessage(member.email, url, room.id, room.name, items, total, zone, drift);
        await sendEmail(host.env, message, now);
      } catch (error) {
        console.error(`stock: a low-stock e-mail for room ${host.roomId} failed`, error);
      }
    }
  }
  return next;
}
