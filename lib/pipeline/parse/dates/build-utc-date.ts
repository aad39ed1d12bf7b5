// The last step of every date parser: validated fields plus a zone offset to one instant.

/** Minutes east of UTC for "Z", "+05:30", "-0800", "+02", "+2"; null when malformed. */
export function parseOffsetMinutes(zone: string): number | null {
  if (/^(z|utc|gmt|ut)$/i.test(zone)) return 0;
  const match = /^([+-])(\d{1,2}):?(\d{2})?$/.exec(zone);
  if (!match) return null;
  const hours = Number(match[2]);
  const minutes = Number(match[3] ?? "0");
  if (hours > 14 || minutes > 59) return null;
  return (match[1] === "-" ? -1 : 1) * (hours * 60 + minutes);
}

/** Validates every field (no rollover: 31 February is not 3 March) and applies the offset. */
export function buildUtcDate(
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
  second: number,
  millis: number,
  offsetMinutes: number | null,
): Date | null {
  if (
    offsetMinutes === null ||
    year < 1000 ||
    month < 1 ||
    month > 12 ||
    day < 1 ||
    hour > 24 ||
    minute > 59 ||
    second > 60
  )
    return null;
  if (hour === 24 && (minute > 0 || second > 0)) return null;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day > daysInMonth) return null;
  // A leap second (":60") is read as the last second of its minute.
  const utc = Date.UTC(year, month - 1, day, hour, minute, Math.min(second, 59), millis);
  return new Date(utc - offsetMinutes * 60_000);
}

/** The same, from the text a date pattern matched: the numbers as written, the zone as written. */
export function buildUtcDateFromText(
  year: string | undefined,
  month: number,
  day: string | undefined,
  hour: string | undefined,
  minute: string | undefined,
  second: string | undefined,
  zone: string,
): Date | null {
  return buildUtcDate(
    Number(year),
    month,
    Number(day),
    Number(hour),
    Number(minute),
    Number(second),
    0,
    parseOffsetMinutes(zone),
  );
}
