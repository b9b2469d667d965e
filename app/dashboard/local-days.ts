/**
 * The dashboard's days are the screen's own: figures come by the UTC
 * quarter hour (DashboardDoc) and are put in this browser's local days here,
 * so an item added just after midnight in Berlin, or any time in Auckland,
 * counts on today, not on UTC's yesterday.
 */

const pad = (n: number) => String(n).padStart(2, "0");

/** A local calendar day as `YYYY-MM-DD`. */
export function localDayKey(time: Date): string {
  return `${time.getFullYear()}-${pad(time.getMonth() + 1)}-${pad(time.getDate())}`;
}

/** The local day a quarter hour (`YYYY-MM-DDTHH:MM`, UTC) falls in. */
export function localDayOf(at: string): string {
  return localDayKey(new Date(`${at}:00Z`));
}

/** The last `count` local days up to the one `now` is in, oldest first (calendar steps, so DST changes are right). */
export function lastLocalDays(now: Date, count: number): string[] {
  return Array.from({ length: count }, (_, i) => {
    const day = new Date(now.getFullYear(), now.getMonth(), now.getDate() - (count - 1 - i), 12);
    return localDayKey(day);
  });
}

/** Rows by the local day they fall in. */
export function byLocalDay<T extends { at: string }>(rows: readonly T[]): Map<string, T[]> {
  const days = new Map<string, T[]>();
  for (const row of rows) {
    const day = localDayOf(row.at);
    days.set(day, [...(days.get(day) ?? []), row]);
  }
  return days;
}

/** A local day key as a date to format (noon, clear of any DST change). */
export function dateOfDay(day: string): Date {
  const [year, month, date] = day.split("-").map(Number);
  return new Date(year ?? 1970, (month ?? 1) - 1, date ?? 1, 12);
}
