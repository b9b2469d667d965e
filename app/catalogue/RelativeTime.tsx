import { useEffect, useState } from "react";

const format = new Intl.RelativeTimeFormat(undefined, { numeric: "auto" });
/** A moment ago in the browser's language ("just now"; Intl's own "now" in the others: "jetzt", "maintenant"). */
const JUST_NOW = format.resolvedOptions().locale.startsWith("en") ? "just now" : format.format(0, "second");
const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["second", 60],
  ["minute", 60],
  ["hour", 24],
  ["day", 30],
  ["month", 12],
  ["year", Number.POSITIVE_INFINITY],
];

export function relativeTime(date: Date, now: number): string {
  let amount = (date.getTime() - now) / 1000;
  for (const [unit, size] of STEPS) {
    if (Math.abs(amount) < size) return unit === "second" ? JUST_NOW : format.format(Math.round(amount), unit);
    amount /= size;
  }
  return date.toLocaleDateString();
}

/** "3 minutes ago", kept current, with the exact time on hover and for screen readers' details. */
export function RelativeTime({ date }: { date: Date }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return (
    <time className="muted" dateTime={date.toISOString()} title={date.toLocaleString()}>
      {relativeTime(date, now)}
    </time>
  );
}
