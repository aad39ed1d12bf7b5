// Dates written in a publisher's own language, the forms feedparser's handlers read: Korean
// ("2004-05-25 오후 11:23:17" from Nate, "2004년 05월 28일 01:31:15" from OnBlog; both Korea
// Standard Time), Greek RFC 822 ("Κυρ, 11 Ιούλ 2004 12:00:00 EST") and Hungarian W3C-DTF
// ("2004-július-13T9:15-05:00"). Anything else is null; ASCII text never gets this far.
import { buildUtcDate, buildUtcDateFromText } from "./build-utc-date";
import { parseRfc822Date } from "./parse-rfc822-date";

const KST = 9 * 60;
const KOREAN_MERIDIEM = /^(\d{4})-(\d{1,2})-(\d{1,2})\s+(오전|오후)\s+(\d{1,2}):(\d{1,2}):(\d{1,2})$/u;
const KOREAN_WORDS = /^(\d{4})년\s*(\d{1,2})월\s*(\d{1,2})일\s+(\d{1,2}):(\d{2}):(\d{2})$/u;

// Greek abbreviations, accents removed and lower-cased, to the English ones RFC 822 uses.
const GREEK_WORDS: Record<string, string> = {
  ιαν: "Jan",
  φεβ: "Feb",
  μαρ: "Mar",
  απρ: "Apr",
  μαι: "May",
  ιουν: "Jun",
  ιον: "Jun",
  ιουλ: "Jul",
  ιολ: "Jul",
  αυγ: "Aug",
  σεπ: "Sep",
  οκτ: "Oct",
  νοε: "Nov",
  δεκ: "Dec",
  κυρ: "Sun",
  δευ: "Mon",
  τρι: "Tue",
  τετ: "Wed",
  πεμ: "Thu",
  παρ: "Fri",
  σαβ: "Sat",
};

const HUNGARIAN_MONTHS = [
  "január",
  "február",
  "március",
  "április",
  "május",
  "június",
  "július",
  "augusztus",
  "szeptember",
  "október",
  "november",
  "december",
];
const HUNGARIAN = /^(\d{4})-(\p{L}+)-(\d{1,2})T(\d{1,2}):(\d{2})(?::(\d{2}))?(Z|[+-]\d{1,2}(?::?\d{2})?)?$/u;

export function parseLocalizedDate(text: string): Date | null {
  return parseKorean(text) ?? parseHungarian(text) ?? parseGreek(text);
}

function parseKorean(text: string): Date | null {
  const meridiem = KOREAN_MERIDIEM.exec(text);
  if (meridiem) {
    const [, year, month, day, half, hour, minute, second] = meridiem;
    const hour24 = (Number(hour) % 12) + (half === "오후" ? 12 : 0);
    return buildUtcDate(Number(year), Number(month), Number(day), hour24, Number(minute), Number(second), 0, KST);
  }
  const words = KOREAN_WORDS.exec(text);
  if (!words) return null;
  const [, year, month, day, hour, minute, second] = words;
  return buildUtcDate(Number(year), Number(month), Number(day), Number(hour), Number(minute), Number(second), 0, KST);
}

function parseHungarian(text: string): Date | null {
  const match = HUNGARIAN.exec(text);
  if (!match) return null;
  const [, year, monthName = "", day, hour, minute, second = "0", zone = "Z"] = match;
  const month = HUNGARIAN_MONTHS.indexOf(monthName.toLowerCase());
  if (month === -1) return null;
  return buildUtcDateFromText(year, month + 1, day, hour, minute, second, zone);
}

function parseGreek(text: string): Date | null {
  if (!/[\u0370-\u03ff]/.test(text)) return null;
  let unknown = false;
  const english = text.replace(/[\u0370-\u03ff\u1f00-\u1fff]+/g, (word) => {
    const plain = word.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
    const translated = GREEK_WORDS[plain] ?? GREEK_WORDS[plain.slice(0, 3)];
    if (translated === undefined) unknown = true;
    return translated ?? word;
  });
  return unknown ? null : parseRfc822Date(english);
}
