// Feed dates: RFC 3339 / ISO 8601 (Atom, JSON Feed, dc:date) and RFC 822 / 2822 (RSS) with the
// variants publishers actually emit. No Date.parse: its leniency is engine-specific and turns
// junk like "1" into a date. Out-of-range results count as missing, and missing is null (the
// store substitutes the time it first saw the item; this module cannot read the clock).
import { buildUtcDate, parseOffsetMinutes } from "./build-utc-date";
import { parseRfc822Date } from "./parse-rfc822-date";

const MIN_YEAR = 1990;
const MAX_YEAR = 2200;

const ISO_8601 =
  /^(\d{4})(?:[-/]?(\d{2})(?:[-/]?(\d{2})(?:(?:[Tt]|\s+)(\d{2}):?(\d{2})(?::?(\d{2})(?:[.,](\d+))?)?\s*(Z|z|UTC|GMT|[+-]\d{2}(?::?\d{2})?)?)?)?)?$/;

export function parseDate(raw: string | null | undefined): Date | null {
  const text = raw?.trim();
  if (!text || text.length > 100) return null;
  const date = parseIsoDate(text) ?? parseRfc822Date(text);
  if (date === null || Number.isNaN(date.getTime())) return null;
  const year = date.getUTCFullYear();
  return year >= MIN_YEAR && year <= MAX_YEAR ? date : null;
}

function parseIsoDate(text: string): Date | null {
  const match = ISO_8601.exec(text);
  if (!match) return null;
  const [, year, month = "01", day = "01", hour = "00", minute = "00", second = "00", fraction = "", zone = "Z"] = match;
  const millis = Math.floor(Number(`0.${fraction || "0"}`) * 1000);
  return buildUtcDate(Number(year), Number(month), Number(day), Number(hour), Number(minute), Number(second), millis, parseOffsetMinutes(zone));
}
