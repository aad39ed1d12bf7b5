import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseDate } from "@/lib/parse/parse-date";

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
    ["absurdly long input", "2003-12-13T18:30:02Z".padEnd(200, " x")],
  ])("%s is null", (_name, raw) => {
    expect(parseDate(raw)).toBeNull();
  });

  it("reads Date#toUTCString, the usual RSS form, back to the same second", () => {
    const dates = fc.date({ min: new Date("1990-01-01T00:00:00Z"), max: new Date("2200-12-31T23:59:59Z"), noInvalidDate: true });
    fc.assert(fc.property(dates, (date) => parseDate(date.toUTCString())?.getTime() === Math.floor(date.getTime() / 1000) * 1000));
  });

  it("null and undefined are null", () => {
    expect(parseDate(null)).toBeNull();
    expect(parseDate(undefined)).toBeNull();
  });
});
