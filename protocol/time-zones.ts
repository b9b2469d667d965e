/**
 * IANA time zones ("Europe/Berlin"), as the browser names its own
 * (`Intl.DateTimeFormat().resolvedOptions().timeZone`): which the runtime
 * knows, and the instant a given hour of the day comes there. Daylight
 * saving is the zone's own: 07:00 in Berlin is 06:00 UTC in winter and
 * 05:00 UTC in summer.
 */

/** Long enough for every zone the IANA database names ("America/Argentina/ComodRivadavia"). */
export const MAX_TIME_ZONE = 64;

/** Whether the runtime knows `zone` as a time zone. */
export function isTimeZone(zone: string): boolean {
  if (zone.length === 0 || zone.length > MAX_TIME_ZONE) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const formats = new Map<string, Intl.DateTimeFormat>();

function formatIn(zone: string): Intl.DateTimeFormat {
  let format = formats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    formats.set(zone, format);
  }
  return format;
}

/** The wall clock in `zone` at `instant`, as if it were UTC (ms). */
function wallClock(instant: number, zone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatIn(zone).formatToParts(instant)) {
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  }
  const { year = 1970, month = 1, day = 1, hour = 0, minute = 0, second = 0 } = parts;
  return Date.UTC(year, month - 1, day, hour, minute, second);
}

/** The instant whose wall clock in `zone` reads `wall` (ms, as if UTC). */
function instantOf(wall: number, zone: string): number {
  // The zone's offset near that time; checked once more at the answer, in case it crosses a change.
  const first = wall - (wallClock(wall, zone) - wall);
  return wall - (wallClock(first, zone) - first);
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The instant `hour`:00 comes in `zone` on the day (there) that holds `instant`. */
function hourOnDayOf(instant: number, zone: string, hour: number): number {
  const wall = wallClock(instant, zone);
  const midnight = wall - (wall % DAY_MS);
  return instantOf(midnight + hour * 60 * 60 * 1000, zone);
}

/** The first time after `now` that `hour`:00 comes in `zone`. */
export function nextHourIn(now: number, zone: string, hour: number): number {
  const today = hourOnDayOf(now, zone, hour);
  return today > now ? today : hourOnDayOf(now + DAY_MS, zone, hour);
}

/** The last time, at or before `now`, that `hour`:00 came in `zone`. */
export function lastHourIn(now: number, zone: string, hour: number): number {
  const today = hourOnDayOf(now, zone, hour);
  return today <= now ? today : hourOnDayOf(now - DAY_MS, zone, hour);
}
