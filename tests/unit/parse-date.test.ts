import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseDate } from "@/lib/pipeline/parse/dates/parse-date";

describe("feed dates: RFC 822 and RFC 3339 variants; anything else is null", () => {
  it.each([
    // RFC 822 / 2822 as RSS writes them
    ["Tue, 10 Jun 2003 04:00:00 GMT", "2003-06-10T04:00:00.000Z"],
    ["Tue, 10 Jun 2003 04:00:00 +0200", "2003-06-10T02:00:00.000Z"],
    ["Tue, 10 Jun 2003 04:00:00 -05:30", "2003-06-10T09:30:00.000Z"],
    ["Tue, 10 Jun 2003 04:00 EST", "2003-06-10T09:00:00.000Z"],
    ["Tue, 10 Jun 2003 04:00:00 PDT", "2003-06-10T11:00:00.000Z"],
    ["10 Jun 2003 04:00:00 UT", "2003-06-10T04:00:00.000Z"],
    ["Tuesday, 10 June 2003 04:00:00 GMT", "2003-06-10T04:00:00.000Z"],
    ["Tue, 10 Jun 03 04:00:00 GMT", "2003-06-10T04:00:00.000Z"],
    ["Thu, 01 Jan 98 00:00:00 Z", "1998-01-01T00:00:00.000Z"],
    ["Tue, 10 Jun 2003", "2003-06-10T00:00:00.000Z"],
    ["Tue, 10 Jun 2003 04:00:00", "2003-06-10T04:00:00.000Z"],
    ["Tue, 10 Jun 2003 04:00:00 GMT (Coordinated Universal Time)", "2003-06-10T04:00:00.000Z"],
    ["10-Jun-2003 04:00:00 +0000", "2003-06-10T04:00:00.000Z"],
    ["Sept 10, 2003 4:00 PM", "2003-09-10T16:00:00.000Z"],
    ["Tue Jun 10 04:00:00 2003", "2003-06-10T04:00:00.000Z"],
    ["Tue Jun 10 2003 04:00:00 GMT+0200 (CEST)", "2003-06-10T02:00:00.000Z"],
    ["Tue, 10 Jun 2003 04:00:00 A", "2003-06-10T04:00:00.000Z"],
    // RFC 3339 / ISO 8601 / W3C-DTF
    ["2003-12-13T18:30:02Z", "2003-12-13T18:30:02.000Z"],
    ["2003-12-13T18:30:02.25+01:00", "2003-12-13T17:30:02.250Z"],
    ["2003-12-13T18:30:02+0100", "2003-12-13T17:30:02.000Z"],
    ["2003-12-13t18:30:02z", "2003-12-13T18:30:02.000Z"],
    ["2003-12-13 18:30:02", "2003-12-13T18:30:02.000Z"],
    ["2003-12-13T18:30Z", "2003-12-13T18:30:00.000Z"],
    ["2003-12-13", "2003-12-13T00:00:00.000Z"],
    ["2003-12", "2003-12-01T00:00:00.000Z"],
    ["20031213T183002Z", "2003-12-13T18:30:02.000Z"],
    ["2016-12-31T23:59:60Z", "2016-12-31T23:59:59.000Z"],
    ["  2024-02-29T00:00:00Z  ", "2024-02-29T00:00:00.000Z"],
    ["2200-12-31T23:59:59Z", "2200-12-31T23:59:59.000Z"],
    // RFC 822 as publishers bend it (feedparser's rfc822 / asctime / perforce handlers' cases)
    ["tue, 10 jun 2003 04:00:00 gmt", "2003-06-10T04:00:00.000Z"],
    ["Tue,  10  Jun  2003   04:00:00   GMT", "2003-06-10T04:00:00.000Z"],
    ["Tue, 10 Jun 2003 04:00:00 GMT+2", "2003-06-10T02:00:00.000Z"],
    ["Tue, 10 Jun 2003 04:00:00 +2", "2003-06-10T02:00:00.000Z"],
    ["Tue, 10 Jun 2003 4:5:6 CEST", "2003-06-10T02:05:06.000Z"],
    ["Wed, 02 Oct 2002 08:00:00 ET", "2002-10-02T13:00:00.000Z"],
    ["Monday, 01-Jan-04 00:00:00 GMT", "2004-01-01T00:00:00.000Z"],
    ["Sun Jan  4 16:29:06 PST 2004", "2004-01-05T00:29:06.000Z"],
    ["Fri, 2006/09/15 08:19:53 EDT", "2006-09-15T12:19:53.000Z"],
    ["2004-07-08 23:56:58 EST", "2004-07-09T04:56:58.000Z"],
    // YYYY/MM/DD and its unpadded form
    ["2020/1/10 14:33:00", "2020-01-10T14:33:00.000Z"],
    ["2020/01/10 14:33:00", "2020-01-10T14:33:00.000Z"],
    ["2020/01/10", "2020-01-10T00:00:00.000Z"],
    // ISO 8601 week and ordinal dates, comma fractions
    ["2003-W52-3", "2003-12-24T00:00:00.000Z"],
    ["2004W536T10:00Z", "2005-01-01T10:00:00.000Z"],
    ["2003-335", "2003-12-01T00:00:00.000Z"],
    ["2003335T101010Z", "2003-12-01T10:10:10.000Z"],
    ["2003-12-31T10:14:55,5Z", "2003-12-31T10:14:55.500Z"],
    // Localised: Korean (KST), Greek, Hungarian
    ["2004-05-25 오후 11:23:17", "2004-05-25T14:23:17.000Z"],
    ["2004-05-25 오전 12:23:17", "2004-05-24T15:23:17.000Z"],
    ["2004년 05월 28일  01:31:15", "2004-05-27T16:31:15.000Z"],
    ["Κυρ, 11 Ιούλ 2004 12:00:00 EST", "2004-07-11T17:00:00.000Z"],
    ["2004-július-13T9:15-05:00", "2004-07-13T14:15:00.000Z"],
  ])("%s", (raw, iso) => {
    expect(parseDate(raw)?.toISOString()).toBe(iso);
  });

  it.each([
    ["empty", ""],
    ["garbage", "next tuesday"],
    ["a lone number", "1"],
    ["31 February", "2023-02-31T00:00:00Z"],
    ["29 February in a common year", "Wed, 29 Feb 2023 00:00:00 GMT"],
    ["month 13", "2023-13-01"],
    ["hour 25", "2023-01-01T25:00:00Z"],
    ["before 1990", "1970-01-01T00:00:00Z"],
    ["after 2200", "2201-01-01T00:00:00Z"],
    ["an unknown token", "Tue, 10 Jun 2003 04:00:00 GMT soon"],
    ["an unknown weekday in the usual form", "Tux, 10 Jun 2003 04:00:00 GMT"],
    ["an unknown month in the usual form", "Tue, 10 Jux 2003 04:00:00 GMT"],
    ["an offset beyond 14 hours in the usual form", "Tue, 10 Jun 2003 04:00:00 +1500"],
    ["two months", "Jun Jul 10 2003"],
    ["offset beyond 14 hours", "2003-12-13T18:30:02+15:00"],
    ["week 54", "2003-W54-1"],
    ["day 366 of a common year", "2003-366"],
    ["a Greek word that is no month", "Κυρ, 11 Λάθος 2004 12:00:00 EST"],
    ["an unknown Hungarian month", "2004-foo-13T9:15-05:00"],
    ["two times", "Tue, 10 Jun 2003 04:00:00 05:00:00 GMT"],
    ["a slash date with a 13th month", "2020/13/10 14:33:00"],
    ["absurdly long input", "2003-12-13T18:30:02Z".padEnd(200, " x")],
  ])("%s is null", (_name, raw) => {
    expect(parseDate(raw)).toBeNull();
  });

  it("reads Date#toUTCString, the usual RSS form, back to the same second", () => {
    const dates = fc.date({
      min: new Date("1990-01-01T00:00:00Z"),
      max: new Date("2200-12-31T23:59:59Z"),
      noInvalidDate: true,
    });
    fc.assert(
      fc.property(
        dates,
        (date) => parseDate(date.toUTCString())?.getTime() === Math.floor(date.getTime() / 1000) * 1000,
      ),
    );
  });

  it("null and undefined are null", () => {
    expect(parseDate(null)).toBeNull();
    expect(parseDate(undefined)).toBeNull();
  });
});
