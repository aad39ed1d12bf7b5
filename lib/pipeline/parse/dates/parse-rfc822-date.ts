// RFC 822 / 2822 dates as RSS publishers write them: "Tue, 10 Jun 2003 04:00:00 GMT", but also
// full day and month names, two-digit years, missing seconds or zone, "+05:30", "EST",
// "GMT+2", "(PST)" comments, "10-Jun-2003", asctime ("Tue Jun 10 04:00:00 2003"), JavaScript's
// Date#toString ("Tue Jun 10 2003 04:00:00 GMT+0200 (CEST)"), and the numeric dates some
// publishers put in the same place ("2020/1/10 14:33:00", Perforce's "Fri, 2006/09/15
// 08:19:53 EDT", "2004-07-08 23:56:58 EST"). Tokens are classified one by one; a single token
// we cannot place makes the whole string invalid rather than guessed at.
import { buildUtcDate, buildUtcDateFromText, parseOffsetMinutes } from "./build-utc-date";

const MONTHS = [
  "january",
  "february",
  "march",
  "april",
  "may",
  "june",
  "july",
  "august",
  "september",
  "october",
  "november",
  "december",
];
const WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"];
// RFC 822 §5.1 named zones, in hours east of UTC, plus the unambiguous ones feeds also write
// (feedparser's list, and the European and Japanese abbreviations seen in the wild).
const NAMED_ZONES: Record<string, number> = {
  ut: 0,
  utc: 0,
  gmt: 0,
  z: 0,
  est: -5,
  edt: -4,
  cst: -6,
  cdt: -5,
  mst: -7,
  mdt: -6,
  pst: -8,
  pdt: -7,
  et: -5,
  ct: -6,
  mt: -7,
  pt: -8,
  ast: -4,
  adt: -3,
  at: -4,
  akst: -9,
  akdt: -8,
  hst: -10,
  wet: 0,
  west: 1,
  bst: 1,
  cet: 1,
  cest: 2,
  met: 1,
  mest: 2,
  eet: 2,
  eest: 3,
  msk: 3,
  jst: 9,
  kst: 9,
  aest: 10,
  aedt: 11,
};

// What nearly every RSS feed sends (Date#toUTCString among them): "Tue, 10 Jun 2003 04:00:00 GMT"
// or "+0000". Read with one expression instead of token by token, a few microseconds an item;
// anything it does not recognise goes through the tokenizer.
const USUAL_FORM = /^(?:([A-Za-z]{3}), )?(\d{1,2}) ([A-Za-z]{3}) (\d{4}) (\d{2}):(\d{2}):(\d{2}) (GMT|UTC|[+-]\d{4})$/;

type Fields = {
  day?: number;
  month?: number;
  year?: number;
  hour?: number;
  minute?: number;
  second?: number;
  offset?: number;
  pm?: boolean;
};

export function parseRfc822Date(text: string): Date | null {
  return parseUsualForm(text) ?? parseTokens(text);
}

function parseUsualForm(text: string): Date | null {
  const match = USUAL_FORM.exec(text);
  if (!match) return null;
  const [, weekday, day, monthName = "", year, hour, minute, second, zone = ""] = match;
  const month = findByAbbreviation(MONTHS, monthName.toLowerCase());
  if (month === -1 || (weekday !== undefined && findByAbbreviation(WEEKDAYS, weekday.toLowerCase()) === -1))
    return null;
  return buildUtcDateFromText(year, month + 1, day, hour, minute, second, zone);
}

function parseTokens(text: string): Date | null {
  const tokens = text
    .replace(/\([^)]*\)/g, " ")
    .split(/[\s,]+|(?<=[A-Za-z])-(?=\d)|(?<=\d)-(?=[A-Za-z])/)
    .filter(Boolean);
  const fields: Fields = {};
  for (const token of tokens) {
    if (!readToken(token, fields)) return null;
  }
  const { day, month, year, hour = 0, minute = 0, second = 0, offset = 0, pm } = fields;
  if (day === undefined || month === undefined || year === undefined) return null;
  const hour24 = pm === undefined ? hour : (hour % 12) + (pm ? 12 : 0);
  return buildUtcDate(year, month, day, hour24, minute, second, 0, offset);
}

function readToken(token: string, fields: Fields): boolean {
  const lower = token.toLowerCase().replace(/\.$/, "");
  const time = /^(\d{1,2}):(\d{1,2})(?::(\d{1,2})(?:[.,]\d+)?)?$/.exec(token);
  if (time)
    return (
      fields.hour === undefined &&
      assign(fields, { hour: Number(time[1]), minute: Number(time[2]), second: Number(time[3] ?? "0") })
    );
  const numeric = /^(\d{4})([/-])(\d{1,2})\2(\d{1,2})$/.exec(token);
  if (numeric)
    return (
      fields.year === undefined &&
      fields.day === undefined &&
      assign(fields, { year: Number(numeric[1]), month: Number(numeric[3]), day: Number(numeric[4]) })
    );
  if (/^\d{4}$/.test(token) && fields.year === undefined) return assign(fields, { year: Number(token) });
  if (/^\d{1,2}$/.test(token)) {
    if (fields.day === undefined) return assign(fields, { day: Number(token) });
    if (fields.year === undefined) return assign(fields, { year: expandYear(Number(token)) });
    return false;
  }
  if (/^\d{3}$/.test(token) && fields.year === undefined) return assign(fields, { year: Number(token) + 1900 }); // RFC 2822 §4.3
  const month = findByAbbreviation(MONTHS, lower);
  if (month !== -1) return fields.month === undefined && assign(fields, { month: month + 1 });
  if (findByAbbreviation(WEEKDAYS, lower) !== -1) return true;
  if (lower === "am" || lower === "pm") return assign(fields, { pm: lower === "pm" });
  return readZone(token, lower, fields);
}

function readZone(token: string, lower: string, fields: Fields): boolean {
  if (fields.offset !== undefined) return false;
  const named = NAMED_ZONES[lower];
  if (named !== undefined) return assign(fields, { offset: named * 60 });
  // "GMT+0200" (Date#toString), "GMT+2", and plain "+0200" / "-05:00" / "+2".
  const offset = parseOffsetMinutes(token.replace(/^(gmt|utc|ut)(?=[+-])/i, ""));
  if (offset !== null) return assign(fields, { offset });
  // RFC 2822 §4.3: military zones are unreliable in practice and read as +0000.
  return /^[a-ik-z]$/.test(lower) && assign(fields, { offset: 0 });
}

// "Jun", "June", "Sept", "Thurs": any prefix of at least three letters.
function findByAbbreviation(names: readonly string[], word: string): number {
  if (word.length < 3) return -1;
  return names.findIndex((name) => name.startsWith(word));
}

function assign(fields: Fields, values: Fields): true {
  Object.assign(fields, values);
  return true;
}

// RFC 2822 §4.3: 00–49 are 2000–2049, 50–99 are 1950–1999.
function expandYear(twoDigits: number): number {
  return twoDigits < 50 ? 2000 + twoDigits : 1900 + twoDigits;
}
