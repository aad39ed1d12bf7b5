// RFC 822 / 2822 dates as RSS publishers write them: "Tue, 10 Jun 2003 04:00:00 GMT", but also
// full day and month names, two-digit years, missing seconds or zone, "+05:30", "EST",
// "(PST)" comments, "10-Jun-2003", asctime ("Tue Jun 10 04:00:00 2003") and JavaScript's
// Date#toString ("Tue Jun 10 2003 04:00:00 GMT+0200 (CEST)"). Tokens are classified one by
// one; a single token we cannot place makes the whole string invalid rather than guessed at.
import { buildUtcDate, parseOffsetMinutes } from "./build-utc-date";

const MONTHS = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"];
const WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"];
// RFC 822 §5.1 named zones, in hours east of UTC.
const NAMED_ZONES: Record<string, number> = { ut: 0, utc: 0, gmt: 0, z: 0, est: -5, edt: -4, cst: -6, cdt: -5, mst: -7, mdt: -6, pst: -8, pdt: -7 };

// What nearly every RSS feed sends (Date#toUTCString among them): "Tue, 10 Jun 2003 04:00:00 GMT"
// or "+0000". Read with one expression instead of token by token, a few microseconds an item;
// anything it does not recognise goes through the tokenizer.
const USUAL_FORM = /^(?:([A-Za-z]{3}), )?(\d{1,2}) ([A-Za-z]{3}) (\d{4}) (\d{2}):(\d{2}):(\d{2}) (GMT|UTC|[+-]\d{4})$/;

type Fields = { day?: number; month?: number; year?: number; hour?: number; minute?: number; second?: number; offset?: number; pm?: boolean };

export function parseRfc822Date(text: string): Date | null {
  return parseUsualForm(text) ?? parseTokens(text);
}

function parseUsualForm(text: string): Date | null {
  const match = USUAL_FORM.exec(text);
  if (!match) return null;
  const [, weekday, day, monthName = "", year, hour, minute, second, zone = ""] = match;
  const month = findByAbbreviation(MONTHS, monthName.toLowerCase());
  if (month === -1 || (weekday !== undefined && findByAbbreviation(WEEKDAYS, weekday.toLowerCase()) === -1)) return null;
  return buildUtcDate(Number(year), month + 1, Number(day), Number(hour), Number(minute), Number(second), 0, parseOffsetMinutes(zone));
}

function parseTokens(text: string): Date | null {
  const tokens = text.replace(/\([^)]*\)/g, " ").split(/[\s,]+|(?<=[A-Za-z])-(?=\d)|(?<=\d)-(?=[A-Za-z])/).filter(Boolean);
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
  const time = /^(\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/.exec(token);
  if (time) return assign(fields, { hour: Number(time[1]), minute: Number(time[2]), second: Number(time[3] ?? "0") });
  if (/^\d{4}$/.test(token) && fields.year === undefined) return assign(fields, { year: Number(token) });
  if (/^\d{1,2}$/.test(token)) {
    if (fields.day === undefined) return assign(fields, { day: Number(token) });
    if (fields.year === undefined) return assign(fields, { year: expandYear(Number(token)) });
    return false;
  }
  if (/^\d{3}$/.test(token) && fields.year === undefined) return assign(fields, { year: Number(token) + 1900 }); // RFC 2822 §4.3
  const month = findByAbbreviation(MONTHS, lower);
  if (month !== -1 && fields.month === undefined) return assign(fields, { month: month + 1 });
  if (findByAbbreviation(WEEKDAYS, lower) !== -1) return true;
  if (lower === "am" || lower === "pm") return assign(fields, { pm: lower === "pm" });
  return readZone(token, lower, fields);
}

function readZone(token: string, lower: string, fields: Fields): boolean {
  if (fields.offset !== undefined) return false;
  const named = NAMED_ZONES[lower];
  if (named !== undefined) return assign(fields, { offset: named * 60 });
  // "GMT+0200" (Date#toString) and plain "+0200" / "-05:00".
  const offset = parseOffsetMinutes(token.replace(/^(gmt|utc)(?=[+-])/i, ""));
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
