// The schedule in words, as the source page shows it right after subscribing.
import { describe, expect, it } from "vitest";
import {
  describeSchedule,
  findSpreadSeconds,
  formatAge,
  type ScheduleFacts,
} from "@/lib/reads/health/describe-schedule";

const NOW = new Date(Date.UTC(2026, 11, 3, 12));
const H = 60 * 60 * 1000;
const D = 24 * H;
const facts = (over: Partial<ScheduleFacts>): ScheduleFacts => ({
  now: NOW,
  enabled: true,
  intervalSeconds: 3600,
  nextDueAt: new Date(NOW.getTime() + H),
  lastFetchedAt: NOW,
  newestPublishedAt: new Date(NOW.getTime() - 2 * H),
  consecutiveErrors: 0,
  ...over,
});

describe("describeSchedule", () => {
  it("explains a quiet feed's long wait by its newest post, with the spread that makes the next check later than the interval", () => {
    const interval = 19 * 3600 + 33 * 60;
    expect(
      describeSchedule(
        facts({
          intervalSeconds: interval,
          nextDueAt: new Date(NOW.getTime() + 21 * H + 58 * 60 * 1000),
          newestPublishedAt: new Date(NOW.getTime() - 334 * D),
        }),
      ),
    ).toBe(
      "Checked again in 21 h 58 min (its interval, 19 h 33 min, plus 2 h 25 min of spread, so that sources do not all come due together) because its newest post is 11 months old; it will be checked more often when it publishes.",
    );
  });

  it.each([
    [{}, "Checked again in 1 h because its newest post is 2 h old: the interval follows how often it publishes."],
    [
      { newestPublishedAt: null },
      "Checked again in 1 h: its posts carry no dates, so it starts at the shortest interval and is checked less often while nothing new comes.",
    ],
    [
      { nextDueAt: NOW, lastFetchedAt: null },
      "Checked again in the next round because its newest post is 2 h old: the interval follows how often it publishes.",
    ],
    [
      {
        intervalSeconds: 86400,
        nextDueAt: new Date(NOW.getTime() + 21 * H),
        newestPublishedAt: new Date(NOW.getTime() - 40 * D),
      },
      "Checked again in 21 h (its interval, 1 d, less 3 h of spread, so that sources do not all come due together) because its newest post is 6 weeks old; it will be checked more often when it publishes.",
    ],
    [
      { newestPublishedAt: new Date(NOW.getTime() - 20 * D) },
      "Checked again in 1 h because its newest post is 3 weeks old; it will be checked more often when it publishes.",
    ],
  ])("%j", (over, expected) => {
    expect(describeSchedule(facts(over))).toBe(expected);
  });

  it("says nothing for a paused or failing source (their own explanation says more)", () => {
    expect(describeSchedule(facts({ enabled: false }))).toBeNull();
    expect(describeSchedule(facts({ consecutiveErrors: 2 }))).toBeNull();
  });
});

describe("the pieces", () => {
  it.each([
    [3 * 3600, "3 h"],
    [3 * 86400, "3 days"],
    [20 * 86400, "3 weeks"],
    [334 * 86400, "11 months"],
  ])("formatAge(%i) is %s", (seconds, expected) => {
    expect(formatAge(seconds)).toBe(expected);
  });

  it("finds no spread without a last fetch, and a negative one when the next check comes before the interval", () => {
    expect(findSpreadSeconds({ intervalSeconds: 3600, nextDueAt: NOW, lastFetchedAt: null })).toBe(0);
    expect(
      findSpreadSeconds({ intervalSeconds: 3600, nextDueAt: new Date(NOW.getTime() + H / 2), lastFetchedAt: NOW }),
    ).toBe(-1800);
    expect(
      findSpreadSeconds({ intervalSeconds: 3600, nextDueAt: new Date(NOW.getTime() + 2 * H), lastFetchedAt: NOW }),
    ).toBe(3600);
  });
});
