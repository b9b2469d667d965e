/**
 * The hour of a day in a time zone (protocol/time-zones.ts), which the daily
 * low-stock e-mail goes at: each zone's own offset, daylight saving included.
 */
import { describe, expect, it } from "vitest";
import { isTimeZone, lastHourIn, nextHourIn } from "../../protocol/time-zones";

const at = (iso: string) => Date.parse(iso);
const iso = (time: number) => new Date(time).toISOString();

describe("an hour of the day in a time zone", () => {
  it("comes at the zone's own 07:00, in winter and in summer", () => {
    expect(iso(nextHourIn(at("2026-11-26T12:00:00Z"), "Europe/Berlin", 7))).toBe("2026-11-27T06:00:00.000Z");
    expect(iso(nextHourIn(at("2026-07-01T04:00:00Z"), "Europe/Berlin", 7))).toBe("2026-07-01T05:00:00.000Z");
    expect(iso(nextHourIn(at("2026-11-26T11:00:00Z"), "America/New_York", 7))).toBe("2026-11-26T12:00:00.000Z");
    expect(iso(nextHourIn(at("2026-11-26T12:00:00Z"), "Asia/Kolkata", 7))).toBe("2026-11-27T01:30:00.000Z");
    // A day ahead of UTC: 07:00 there is still today's afternoon in UTC.
    expect(iso(nextHourIn(at("2026-11-26T12:00:00Z"), "Pacific/Kiritimati", 7))).toBe("2026-11-26T17:00:00.000Z");
  });

  it("keeps to the wall clock on the days the clocks change", () => {
    // Berlin springs forward on 29 March 2026 and New York falls back on 1 November 2026.
    expect(iso(nextHourIn(at("2026-03-28T12:00:00Z"), "Europe/Berlin", 7))).toBe("2026-03-29T05:00:00.000Z");
    expect(iso(nextHourIn(at("2026-11-01T04:00:00Z"), "America/New_York", 7))).toBe("2026-11-01T12:00:00.000Z");
  });

  it("answers the last such hour at or before a time, and the next strictly after", () => {
    const hour = at("2026-11-26T12:00:00Z");
    expect(lastHourIn(hour, "America/New_York", 7)).toBe(hour);
    expect(iso(nextHourIn(hour, "America/New_York", 7))).toBe("2026-11-27T12:00:00.000Z");
    expect(iso(lastHourIn(hour - 1, "America/New_York", 7))).toBe("2026-11-25T12:00:00.000Z");
  });

  it("knows the zones the runtime knows, and no others", () => {
    expect(isTimeZone("Europe/Berlin")).toBe(true);
    expect(isTimeZone("UTC")).toBe(true);
    expect(isTimeZone("Mars/Olympus")).toBe(false);
    expect(isTimeZone("")).toBe(false);
  });
});
