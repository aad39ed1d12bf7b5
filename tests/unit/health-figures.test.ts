import { describe, expect, it } from "vitest";
import { computeOutcomeShares } from "@/lib/reads/health/rules/compute-outcome-shares";
import { computeMedian } from "@/lib/reads/health/rules/compute-median";
import { fillDays, sumDays } from "@/lib/reads/health/rules/fill-days";
import { formatLogCursor, parseLogCursor } from "@/lib/reads/health/rules/log-cursor";
import {
  formatDrift,
  formatRelative,
  formatShare,
  formatMs,
  formatUtc,
} from "@/lib/reads/health/describe/format-figures";
import { parseSourceId } from "@/lib/reads/sources/parse-source-id";

describe("outcome shares", () => {
  it("divides by the total of the three outcomes, and knows nothing of an empty window", () => {
    expect(computeOutcomeShares({ ok: 1, notModified: 2, error: 1 })).toEqual({
      ok: 1,
      notModified: 2,
      error: 1,
      total: 4,
      okShare: 0.25,
      notModifiedShare: 0.5,
      errorShare: 0.25,
    });
    expect(computeOutcomeShares({ ok: 0, notModified: 0, error: 0 })).toMatchObject({
      total: 0,
      okShare: null,
      notModifiedShare: null,
      errorShare: null,
    });
  });
});

describe("median", () => {
  it.each<[number[], number | null]>([
    [[], null],
    [[7], 7],
    [[300, 100, 200], 200],
    [[400, 100, 300, 200], 250],
    [[5, 5, 5, 1000], 5],
  ])("median of %j is %s", (values, expected) => {
    expect(computeMedian(values)).toBe(expected);
  });
});

describe("daily series", () => {
  it("fills every UTC day of the window, oldest first, and sums them", () => {
    const now = new Date("2026-11-30T01:00:00Z");
    const row = {
      ok: 1,
      notModified: 2,
      error: 3,
      bytesReceived: 10,
      bytesSaved: 20,
      newArticles: 1,
      durationMsSum: 5,
    };
    const days = fillDays(
      [
        { day: "2026-11-28", ...row },
        { day: "2026-11-30", ...row },
        { day: "2026-10-01", ...row },
      ],
      now,
      3,
    );
    expect(days.map((day) => [day.day, day.ok])).toEqual([
      ["2026-11-28", 1],
      ["2026-11-29", 0],
      ["2026-11-30", 1],
    ]);
    expect(sumDays(days)).toEqual({
      ok: 2,
      notModified: 4,
      error: 6,
      bytesReceived: 20,
      bytesSaved: 40,
      newArticles: 2,
      durationMsSum: 10,
    });
  });
});

describe("fetch log cursor", () => {
  it("round-trips (startedAt, id) and refuses anything else", () => {
    const cursor = { startedAt: new Date("2026-11-30T06:05:07.123Z"), id: 42 };
    expect(parseLogCursor(formatLogCursor(cursor))).toEqual(cursor);
    for (const bad of [null, "", "abc", "1.2.3", "-1.5", "1e5.2", "12345678901234567.1"])
      expect(parseLogCursor(bad)).toBeNull();
  });
});

describe("formatting", () => {
  const now = new Date("2026-11-30T12:00:00Z");
  it.each<[Date | null, string]>([
    [null, "never"],
    [new Date("2026-11-30T11:59:50Z"), "just now"],
    [new Date("2026-11-30T11:57:00Z"), "3 min ago"],
    [new Date("2026-11-30T14:00:00Z"), "in 2 h"],
    [new Date("2026-11-28T12:00:00Z"), "2 d ago"],
  ])("formatRelative(%s) is %s", (date, expected) => {
    expect(formatRelative(date, now)).toBe(expected);
  });

  it("formats shares, durations and UTC times", () => {
    expect([formatShare(null), formatShare(0), formatShare(1 / 3), formatShare(0.004), formatShare(1)]).toEqual([
      "–",
      "0%",
      "33%",
      "0.4%",
      "100%",
    ]);
    expect([formatMs(null), formatMs(120.4), formatMs(2400)]).toEqual(["–", "120 ms", "2.4 s"]);
    expect(formatUtc(new Date("2026-11-30T06:05:59Z"))).toBe("2026-11-30 06:05 UTC");
  });

  it("says how late a fetch started: unscheduled, on time (early by the due tolerance too), seconds, minutes", () => {
    expect([
      formatDrift(null),
      formatDrift(-20_000),
      formatDrift(400),
      formatDrift(4200),
      formatDrift(14 * 60_000),
      formatDrift(90 * 60_000),
    ]).toEqual(["–", "on time", "on time", "4.2 s", "14 min", "1 h 30 min"]);
  });
});

describe("source ids in routes", () => {
  it.each<[string, number | null]>([
    ["1", 1],
    ["42", 42],
    ["0", null],
    ["-1", null],
    ["01", null],
    ["1.5", null],
    ["abc", null],
    ["99999999999", null],
    ["2147483648", null],
  ])("%s → %s", (raw, expected) => {
    expect(parseSourceId(raw)).toBe(expected);
  });
});
