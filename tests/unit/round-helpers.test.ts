import { describe, expect, it } from "vitest";
import { interleaveByHost } from "@/lib/pipeline/round/interleave-by-host";
import { countAttempt, looksOffline, type OfflineTally } from "@/lib/pipeline/round/offline-guard";
import { describeSchedule, withSecondOffset } from "@/lib/entry/server/scheduler";
import type { ErrorKind } from "@/lib/pipeline/fetch/types";

describe("interleaveByHost", () => {
  it("alternates hosts so the per-host gap rarely costs wall time, keeping the due order within a host", () => {
    const sources = [
      "http://a.example/1",
      "http://a.example/2",
      "http://a.example/3",
      "http://b.example/1",
      "http://c.example:8080/1",
      "http://b.example/2",
    ].map((feedUrl) => ({ feedUrl }));
    expect(interleaveByHost(sources).map((source) => source.feedUrl)).toEqual([
      "http://a.example/1",
      "http://b.example/1",
      "http://c.example:8080/1",
      "http://a.example/2",
      "http://b.example/2",
      "http://a.example/3",
    ]);
  });

  it("treats two ports of one machine as one host", () => {
    const sources = [
      { feedUrl: "http://a.example:1/x" },
      { feedUrl: "http://a.example:2/y" },
      { feedUrl: "http://b.example/z" },
    ];
    expect(interleaveByHost(sources).map((source) => source.feedUrl)).toEqual([
      "http://a.example:1/x",
      "http://b.example/z",
      "http://a.example:2/y",
    ]);
  });
});

describe("the offline guard", () => {
  const tally = (kinds: Array<ErrorKind | null>): OfflineTally =>
    kinds.reduce(countAttempt, { attempts: 0, networkErrors: 0 });

  it.each<[string, Array<ErrorKind | null>, boolean]>([
    ["four network errors are too few to judge", ["connect", "dns", "timeout", "connect"], false],
    ["five network errors of five", ["connect", "dns", "timeout", "connect", "tls"], true],
    ["four of five (80%)", ["connect", "dns", "timeout", "connect", null], true],
    ["three of five (60%)", ["connect", "dns", "timeout", "http_5xx", null], false],
    ["HTTP errors are answers, not a dead network", ["http_5xx", "not_found", "gone", "rate_limited", "parse"], false],
  ])("%s", (_label, kinds, offline) => {
    expect(looksOffline(tally(kinds))).toBe(offline);
  });
});

describe("the installation's cron offset", () => {
  it.each([
    ["*/5 * * * *", 37, "37 */5 * * * *"],
    ["0 * * * *", 0, "0 0 * * * *"],
    ["15 */5 * * * *", 37, "15 */5 * * * *"],
  ])("%s with second %i becomes %s", (expression, offset, expected) => {
    expect(withSecondOffset(expression, offset)).toBe(expected);
  });
});

describe("describeSchedule", () => {
  it.each([
    ["*/5 * * * *", 16, 'rounds scheduled: "*/5 * * * *" at second 16 of the minute (node-cron "16 */5 * * * *")'],
    ["  */5   * * * * ", 0, 'rounds scheduled: "*/5 * * * *" at second 0 of the minute (node-cron "0 */5 * * * *")'],
    ["*/20 * * * * *", 16, 'rounds scheduled: "*/20 * * * * *"'],
  ])("says %s (offset %i) as the README does", (expression, offset, line) => {
    expect(describeSchedule(expression, withSecondOffset(expression, offset))).toBe(line);
  });
});
