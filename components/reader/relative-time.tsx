"use client";

import { useClock } from "@/components/reader/clock";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "just now", "12 min ago", "3 h ago", "2 d ago", then the date; the exact time on hover. */
export function RelativeTime({ iso, className }: { iso: string; className?: string }) {
  const { now, local } = useClock();
  const at = Date.parse(iso);
  const exact = new Intl.DateTimeFormat("en-GB", {
    dateStyle: "full",
    timeStyle: "short",
    ...(local ? {} : { timeZone: "UTC" }),
  }).format(at);
  return (
    <time dateTime={iso} title={local ? exact : `${exact} UTC`} className={className}>
      {describeAge(now - at, at, now, local)}
    </time>
  );
}

export function describeAge(age: number, at: number, now: number, local: boolean): string {
  if (age < MINUTE) return "just now";
  if (age < HOUR) return `${Math.floor(age / MINUTE)} min ago`;
  if (age < DAY) return `${Math.floor(age / HOUR)} h ago`;
  if (age < 7 * DAY) return `${Math.floor(age / DAY)} d ago`;
  const sameYear = new Date(at).getUTCFullYear() === new Date(now).getUTCFullYear();
  return new Intl.DateTimeFormat("en-GB", {
    day: "numeric",
    month: "short",
    ...(sameYear ? {} : { year: "numeric" }),
    ...(local ? {} : { timeZone: "UTC" }),
  }).format(at);
}
