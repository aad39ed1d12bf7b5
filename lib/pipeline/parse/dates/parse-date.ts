// Feed dates: RFC 3339 / ISO 8601 (Atom, JSON Feed, dc:date; also week and ordinal dates) and
// RFC 822 / 2822 (RSS) with the variants publishers actually emit, then a few localised forms. No Date.parse: its leniency is engine-specific and turns
// junk like "1" into a date. Out-of-range results count as missing, and missing is null (the
// store substitutes the time it first saw the item; this module cannot read the clock).
import { buildUtcDate, parseOffsetMinutes } from "./build-utc-date";
import { parseLocalizedDate } from "./parse-localized-date";
import { parseRfc822Date } from "./parse-rfc822-date";

const MIN_YEAR = 1990;
const MAX_YEAR = 2200;

const TIME = String.raw`(?:(?:[Tt]|\s+)(\d{2}):?(\d{2})(?::?(\d{2})(?:[.,](\d+))?)?\s*(Z|z|UTC|GMT|[+-]\d{2}(?::?\d{2})?)?)?`;
const ISO_8601 = new RegExp(String.raw`^(\d{4})(?:[-/]?(\d{2})(?:[-/]?(\d{2})${TIME})?)?$`);
// ISO 8601 §4.1.3 / §4.1.4: "2004-W53-6" (week date) and "2004-366" (ordinal date).
const ISO_WEEK = new RegExp(String.raw`^(\d{4})-?W(\d{2})-?([1-7])?${TIME}$`);
const ISO_ORDINAL = new RegExp(String.raw`^(\d{4})-?(\d{3})${TIME}$`);
const DAY_MS = 86_400_000;

export function parseDate(raw: string | null | undefined): Date | null {
  const text = raw?.trim();
  if (!text || text.length > 100) return null;
  const date = parseIsoDate(text) ?? parseRfc822Date(text) ?? parseIsoWeekOrOrdinal(text) ?? parseLocalizedDate(text);
  if (date === null || Number.isNaN(date.getTime())) return null;
  const year = date.getUTCFullYear();
  return year >= MIN_YEAR && year <= MAX_YEAR ? date : null;
}

function parseIsoDate(text: string): Date | null {
  const match = ISO_8601.exec(text);
  if (!match) return null;
  const [, year, month = "01", day = "01", hour = "00", minute = "00", second = "00", fraction = "", zone = "Z"] =
    match;
  const millis = Math.floor(Number(`0.${fraction || "0"}`) * 1000);
  return buildUtcDate(
    Number(year),
    Number(month),
    Number(day),
    Number(hour),
    Number(minute),
    Number(second),
    millis,
    parseOffsetMinutes(zone),
  );
}

// Both resolve to a calendar date by counting days from a known one, then read the time as ISO.
function parseIsoWeekOrOrdinal(text: string): Date | null {
  const week = ISO_WEEK.exec(text);
  const ordinal = week ? null : ISO_ORDINAL.exec(text);
  const match = week ?? ordinal;
  if (!match) return null;
  const [, year = "", count = "", weekday = "1"] = match;
  const time = match.slice(week ? 4 : 3);
  let dayStart: number;
  if (week) {
    if (Number(count) < 1 || Number(count) > 53) return null;
    // Week 1 is the week with 4 January in it; weeks start on Monday.
    const january4 = Date.UTC(Number(year), 0, 4);
    const mondayOfWeek1 = january4 - ((new Date(january4).getUTCDay() + 6) % 7) * DAY_MS;
    dayStart = mondayOfWeek1 + ((Number(count) - 1) * 7 + Number(weekday) - 1) * DAY_MS;
  } else {
    const daysInYear = (Date.UTC(Number(year) + 1, 0, 1) - Date.UTC(Number(year), 0, 1)) / DAY_MS;
    if (Number(count) < 1 || Number(count) > daysInYear) return null;
    dayStart = Date.UTC(Number(year), 0, Number(count));
  }
  const day = new Date(dayStart);
  const [hour = "00", minute = "00", second = "00", fraction = "", zone = "Z"] = time;
  const millis = Math.floor(Number(`0.${fraction || "0"}`) * 1000);
  return buildUtcDate(
    day.getUTCFullYear(),
    day.getUTCMonth() + 1,
    day.getUTCDate(),
    Number(hour),
    Number(minute),
    Number(second),
    millis,
    parseOffsetMinutes(zone),
  );
}
