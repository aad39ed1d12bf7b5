// HTTP-date parsing per RFC 9110 §5.6.7. Written by hand rather than with Date.parse because
// Date.parse reads asctime dates (which carry no zone) in the machine's local time zone, which
// would make the policy depend on where it runs.

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];

// IMF-fixdate: "Sun, 06 Nov 1994 08:49:37 GMT" (the only form senders may generate).
const IMF_FIXDATE = /^[a-z]{3}, (\d{1,2}) ([a-z]{3}) (\d{4}) (\d{2}):(\d{2}):(\d{2}) (?:GMT|UTC)$/i;
// Obsolete rfc850-date: "Sunday, 06-Nov-94 08:49:37 GMT" (recipients MUST still accept it).
const RFC850_DATE = /^[a-z]{6,9}, (\d{2})-([a-z]{3})-(\d{2}) (\d{2}):(\d{2}):(\d{2}) GMT$/i;
// Obsolete asctime-date: "Sun Nov  6 08:49:37 1994" (always UTC).
const ASCTIME_DATE = /^[a-z]{3} ([a-z]{3}) ([ \d]\d) (\d{2}):(\d{2}):(\d{2}) (\d{4})$/i;

type DateParts = { year: number; month: string; day: number; hour: number; minute: number; second: number };

/** Parses an HTTP-date (any of the three RFC 9110 forms); null when it is not one. */
export function parseHttpDate(value: string | null, now: Date): Date | null {
  if (value === null) return null;
  const text = value.trim();
  const imf = IMF_FIXDATE.exec(text);
  if (imf) return buildDate({ day: +imf[1]!, month: imf[2]!, year: +imf[3]!, ...readTime(imf, 4) });
  const rfc850 = RFC850_DATE.exec(text);
  if (rfc850) {
    const year = resolveTwoDigitYear(+rfc850[3]!, now);
    return buildDate({ day: +rfc850[1]!, month: rfc850[2]!, year, ...readTime(rfc850, 4) });
  }
  const asctime = ASCTIME_DATE.exec(text);
  if (asctime) {
    return buildDate({ month: asctime[1]!, day: +asctime[2]!.trim(), ...readTime(asctime, 3), year: +asctime[6]! });
  }
  return null;
}

function readTime(match: RegExpExecArray, first: number): Pick<DateParts, "hour" | "minute" | "second"> {
  return { hour: +match[first]!, minute: +match[first + 1]!, second: +match[first + 2]! };
}

// RFC 9110 §5.6.7: a two-digit year more than 50 years in the future means the most recent past
// year with the same last two digits.
function resolveTwoDigitYear(twoDigits: number, now: Date): number {
  const currentYear = now.getUTCFullYear();
  let year = currentYear - (currentYear % 100) + twoDigits;
  if (year > currentYear + 50) year -= 100;
  return year;
}

function buildDate(parts: DateParts): Date | null {
  const month = MONTHS.indexOf(parts.month.toLowerCase());
  // 60 allows a leap second, which Date.UTC rolls into the next minute.
  if (month < 0 || parts.hour > 23 || parts.minute > 59 || parts.second > 60) return null;
  const date = new Date(Date.UTC(parts.year, month, parts.day, parts.hour, parts.minute, parts.second));
  // Reject impossible days ("31 Feb") instead of letting Date roll them over.
  if (date.getUTCDate() !== parts.day && parts.second !== 60) return null;
  return date;
}
