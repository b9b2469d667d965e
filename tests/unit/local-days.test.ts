/**
 * The dashboard's days are the screen's own: figures that come by the UTC
 * quarter hour land in local days — in Berlin just after midnight, in
 * Auckland, in India (half an hour off UTC) — and the last 30 days step by
 * the calendar, right across a change of summer time.
 */
import { afterEach, describe, expect, it } from "vitest";
import { byLocalDay, lastLocalDays, localDayOf } from "../../app/dashboard/local-days";

const original = process.env.TZ;
afterEach(() => {
  process.env.TZ = original;
});

describe("local days", () => {
  it("puts a quarter hour in the day it is in where the screen is", () => {
    process.env.TZ = "Europe/Berlin";
    // 23:15 UTC on 25 November is 00:15 on the 26th in Berlin.
    expect(localDayOf("2026-11-25T23:15")).toBe("2026-11-26");
    expect(localDayOf("2026-11-25T22:45")).toBe("2026-11-25");
    process.env.TZ = "Pacific/Auckland";
    expect(localDayOf("2026-11-25T12:00")).toBe("2026-11-26");
    process.env.TZ = "Asia/Kolkata";
    expect(localDayOf("2026-11-25T18:30")).toBe("2026-11-26");
    expect(localDayOf("2026-11-25T18:15")).toBe("2026-11-25");
  });

  it("sums a day's quarter hours, and counts the last days by the calendar across a summer-time change", () => {
    process.env.TZ = "Europe/Berlin";
    const days = byLocalDay([
      { at: "2026-11-25T22:45", count: 1 },
      { at: "2026-11-25T23:00", count: 2 },
      { at: "2026-11-26T10:30", count: 3 },
    ]);
    expect([...days].map(([day, rows]) => [day, rows.reduce((n, row) => n + row.count, 0)])).toEqual([
      ["2026-11-25", 1],
      ["2026-11-26", 5],
    ]);
    // Summer time ended on 25 October 2026: the days still step one by one.
    const around = lastLocalDays(new Date(2026, 9, 27, 0, 30), 4);
    expect(around).toEqual(["2026-10-24", "2026-10-25", "2026-10-26", "2026-10-27"]);
  });
});
