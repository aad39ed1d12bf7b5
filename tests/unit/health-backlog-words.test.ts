// The backlog sentence and the status classes /metrics counts by: exact words and labels.
import { describe, expect, it } from "vitest";
import { describeBacklog } from "@/lib/reads/health/describe-backlog";
import { describeLanesHint } from "@/lib/reads/health/describe/describe-lanes-hint";
import type { Backlog } from "@/lib/reads/health/read-backlog";
import { classifyStatus } from "@/lib/metrics/fetch-observations";

const round = (leftForBudget: number, leftForHostHold = 0): Backlog["lastRound"] => ({
  id: 1,
  finishedAt: new Date(0),
  sourcesDue: 10,
  sourcesAttempted: 5,
  leftForBudget,
  leftForHostHold,
});
const backlog = (fields: Partial<Backlog>): Backlog => ({
  due: 0,
  overdue: 0,
  oldestOverdueMs: 0,
  overdueHeld: 0,
  overduePublishers: 0,
  lastRound: round(0),
  ...fields,
});

describe("describeBacklog", () => {
  it.each<[string, Partial<Backlog>, string]>([
    ["nothing due", {}, "No source is due or overdue."],
    ["due, none overdue", { due: 4 }, "4 sources are due, none overdue."],
    [
      "the budget",
      { due: 12, overdue: 12, oldestOverdueMs: 14 * 60_000, lastRound: round(12) },
      "12 sources overdue, oldest by 14 min, because the last round's time budget ran out with 12 sources left for later.",
    ],
    [
      "all held",
      { due: 2, overdue: 2, oldestOverdueMs: 90 * 60_000, overdueHeld: 2, lastRound: round(0, 2) },
      "2 sources overdue, oldest by 1 h 30 min, because their host asked Tidings to wait (Retry-After).",
    ],
    [
      "both",
      { due: 5, overdue: 5, oldestOverdueMs: 20 * 60_000, overdueHeld: 1, lastRound: round(4, 1) },
      "5 sources overdue, oldest by 20 min, because the last round's time budget ran out with 4 sources left for later, and 1 of them waits for their host's Retry-After.",
    ],
    [
      "no round left them",
      { due: 1, overdue: 1, oldestOverdueMs: 3 * 3600_000 },
      "1 source overdue, oldest by 3 h, because no round has fetched them since they came due (is the scheduler running?).",
    ],
    [
      "no round yet",
      { due: 1, overdue: 1, oldestOverdueMs: 11 * 60_000, lastRound: null },
      "1 source overdue, oldest by 11 min, because no round has finished yet.",
    ],
  ])("%s", (_, fields, sentence) => {
    expect(describeBacklog(backlog(fields))).toBe(sentence);
  });
});

describe("classifyStatus", () => {
  it.each<[number | null, string]>([
    [200, "2xx"],
    [203, "2xx"],
    [304, "304"],
    [301, "3xx"],
    [308, "3xx"],
    [404, "4xx"],
    [410, "4xx"],
    [429, "429"],
    [500, "5xx"],
    [503, "5xx"],
    [null, "none"],
    [102, "none"],
    [600, "none"],
  ])("%s → %s", (status, expected) => {
    expect(classifyStatus(status)).toBe(expected);
  });
});

describe("describeLanesHint", () => {
  const overdue = (overduePublishers: number, left = 30): Backlog =>
    backlog({ due: 40, overdue: 40, oldestOverdueMs: 20 * 60_000, overduePublishers, lastRound: round(left) });

  it.each<[string, Backlog, number, string | null]>([
    [
      "more publishers than lanes",
      overdue(120),
      1,
      "The overdue sources are on 120 publishers and Tidings asks one publisher at a time (TIDINGS_FETCH_LANES=1): more lanes would fetch them sooner, each publisher still asked one request at a time, its gap kept.",
    ],
    [
      "as many lanes as publishers",
      overdue(3),
      16,
      "The overdue sources are on 3 publishers and Tidings asks 16 publishers at a time (TIDINGS_FETCH_LANES=16): their gaps set the pace, and more lanes would not help.",
    ],
    ["nothing left by the budget", overdue(120, 0), 1, null],
    ["nothing overdue", backlog({ due: 3, lastRound: round(3) }), 1, null],
  ])("%s", (_, state, lanes, sentence) => {
    expect(describeLanesHint(state, lanes)).toBe(sentence);
  });
});
