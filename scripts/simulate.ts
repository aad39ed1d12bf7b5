// Replays the scheduling policy with a virtual clock and prints a markdown report. Deterministic
// for a given --seed. Two parts:
//
// 1. Issue 14's freshness targets, on its publisher (200 feeds: 25 busy at about 12 posts a day,
//    50 at about 3 a day, quiet and dead feeds, misbehaving servers; see scripts/simulation/
//    population.ts): per velocity class, median and p95 lag, requests against hourly polling of
//    every source, articles never fetched; over --hours (10: dominated by the cold start, every
//    source new) and over --days (7: the steady state).
// 2. The broad population (--sources, 1,000 by default, the whole range of velocities on their
//    publishers' day) against fixed 60- and 30-min polling and two polite references, the busy
//    class's lag broken down rule by rule, and how evenly requests spread over the hour.
//
// Every strategy is driven by the same 5-min ticks (the default round cron): see
// scripts/simulation/run-strategy.ts for how publishers answer and how lag is measured. Fixed
// polling ignores the publishers' max-age / ttl floors and Retry-After, which Tidings must
// honour. Two reference strategies show what politeness alone costs: "fixed 60 min + publisher
// floors" (hourly polling that waits for those floors too) and "floor-bound polling", the freshest
// polite polling there is: every source at exactly max(60 min, its publisher's floor), Retry-After
// honoured for the host, and every other failure retried at the next tick.
//
//   npx tsx scripts/simulate.ts [--seed N] [--sources 1000] [--days 7] [--hours 10] [--jitter 0.2]
//   npm run simulate -- --seed N

import { DEFAULT_POLICY_SETTINGS, parseMaxAge } from "../lib/pipeline/policy";
import type { PolicySettings } from "../lib/pipeline/policy/types";
import { measureFreshness, TIDINGS, HOURLY as FIXED_60 } from "./simulation/measure-freshness";
import {
  createPopulation,
  DAY,
  HOUR,
  MINUTE,
  START,
  VELOCITY_CLASSES,
  type Publisher,
  type VelocityClass,
} from "./simulation/population";
import { DRAIN_DAYS, runStrategy, TICK, type Strategy, type Tally } from "./simulation/run-strategy";
import {
  checkFreshnessTargets,
  collectLags,
  readPercentile,
  summariseClasses,
  type TargetCheck,
} from "./simulation/summarise";

const OFFLINE = { from: START + 2 * DAY + 12 * HOUR, to: START + 2 * DAY + 13.5 * HOUR };

// ---- report ----------------------------------------------------------------------------------

type Result = { strategy: Strategy; tally: Tally };

function formatMinutes(minutes: number): string {
  if (Number.isNaN(minutes)) return "n/a";
  if (minutes === Infinity) return "missed";
  // One decimal below two hours: the busy class's comparison with fixed polling is decided by about a minute.
  return minutes < 120 ? `${minutes.toFixed(1)} min` : `${(minutes / 60).toFixed(1)} h`;
}

function describeRatio(baseline: number, requests: number): string {
  if (baseline === requests) return "baseline";
  return baseline > requests
    ? `${(baseline / requests).toFixed(2)}x fewer`
    : `${(requests / baseline).toFixed(2)}x more`;
}

function describeLags(tally: Tally, publishers: Publisher[]): string {
  const lags = collectLags(tally, publishers);
  const missed = lags.filter((lag) => lag === Infinity).length;
  return `${formatMinutes(readPercentile(lags, 0.5))} / ${formatMinutes(readPercentile(lags, 0.95))}${missed > 0 ? ` (${missed} missed)` : ""}`;
}

/** The publisher's own floor in seconds (max-age or ttl), however short: what fixed polling ignores. */
function readAskedFloorSeconds(p: Publisher): number {
  return Math.max(parseMaxAge(p.cacheControl) ?? 0, p.ttlSeconds ?? 0);
}

/**
 * The busy class's median lag for an ideal poller that honours the same floors: every article's lag
 * uniform over its source's allowed gap (max(minimum interval, publisher floor)), no failures, no
 * quiet hours. With gaps of at least F minutes, at most x/F of a source's articles wait under x
 * minutes, so, failures and chance aside, no polite strategy's median can be lower.
 */
function computeIdealMedian(
  publishers: Publisher[],
  settings: PolicySettings,
  honoursPublisherFloors: boolean,
): number {
  const sources = publishers.map((p) => ({
    articles: p.posts.filter((pub) => pub >= START).length,
    gapMinutes: Math.max(settings.minIntervalSeconds, honoursPublisherFloors ? readAskedFloorSeconds(p) : 0) / 60,
  }));
  const half = sources.reduce((sum, s) => sum + s.articles, 0) / 2;
  let [low, high] = [0, 24 * 60];
  for (let step = 0; step < 50; step += 1) {
    const middle = (low + high) / 2;
    const below = sources.reduce((sum, s) => sum + s.articles * Math.min(1, middle / s.gapMinutes), 0);
    [low, high] = below < half ? [middle, high] : [low, middle];
  }
  return high;
}

/**
 * Over the week's second half (after the cold start and this machine's offline spell): the largest
 * round (requests in one tick), and the share of requests in the busiest 5-min slot of the hour.
 */
function describeSynchronisation(tally: Tally, days: number): string {
  const offset = Math.ceil((days * DAY) / TICK / 2);
  const secondHalf = tally.requestsPerTick.slice(offset);
  const peak = Math.max(0, ...secondHalf);
  const slots = Array.from({ length: HOUR / TICK }, () => 0);
  secondHalf.forEach((requests, index) => (slots[(offset + index) % slots.length]! += requests));
  const total = slots.reduce((sum, n) => sum + n, 0);
  const share = total === 0 ? NaN : (100 * Math.max(...slots)) / total;
  return `${peak} | ${share.toFixed(1)}%`;
}

type Args = { seed: number; sources: number; days: number; hours: number; jitter: number };

function readArgs(argv: string[]): Args {
  const read = (name: string, fallback: number) => {
    const index = argv.indexOf(`--${name}`);
    const value = index >= 0 ? Number(argv[index + 1]) : fallback;
    if (!Number.isFinite(value) || value < 0) throw new Error(`--${name} must be a non-negative number`);
    return value;
  };
  return {
    seed: read("seed", 1),
    sources: read("sources", 1000),
    days: read("days", 7),
    hours: read("hours", 10),
    jitter: read("jitter", DEFAULT_POLICY_SETTINGS.jitterRatio),
  };
}

const FIXED_30: Strategy = {
  name: "fixed 30 min",
  kind: "fixed",
  intervalMs: 30 * MINUTE,
  honoursPublisherFloor: false,
};
const FIXED_60_FLOORS: Strategy = {
  name: "fixed 60 min + publisher floors",
  kind: "fixed",
  intervalMs: HOUR,
  honoursPublisherFloor: true,
};
const FLOOR_BOUND: Strategy = { name: "floor-bound polling", kind: "floor-bound" };
// Tidings with one rule taken out, to see what each costs the busy class.
const NO_JITTER: Strategy = { name: "Tidings, no jitter", kind: "tidings", variant: { settings: { jitterRatio: 0 } } };
const COUNTERFACTUALS: Strategy[] = [
  { name: "Tidings, publisher floors ignored", kind: "tidings", variant: { ignorePublisherFloors: true } },
  NO_JITTER,
  { name: "Tidings, intervals never grow", kind: "tidings", variant: { settings: { growthFactor: 1 } } },
  { name: "Tidings, item dates ignored", kind: "tidings", variant: { ignoreItemDates: true } },
];

function printIssueTargets({ seed, days, hours }: Args, settings: PolicySettings): void {
  console.log(`# Tidings polling simulation (seed ${seed}, tick 5 min, jitter ${settings.jitterRatio})\n`);
  console.log(
    "## Issue 14's publisher: freshness against requests\n\n200 feeds: 25 busy (10-14 posts/day), 50 a few a day (2-4/day), " +
      "65 weekly, 60 dormant; among them 20 dead or refused (oversized, unparsable, HTML page, 404, 410, hanging) and, on every " +
      "9th feed, a server that ignores validators, redirects with a 302, fails 20% of requests, moves (301), rate-limits (429), " +
      "or asks for a 2-3 h floor. Requests are compared with polling every source hourly; lag is publication -> first fetched.\n",
  );
  for (const durationMs of [hours * HOUR, days * DAY]) {
    const run = measureFreshness({ mix: "issue", seed, sources: 200, durationMs, settings });
    const window = durationMs < DAY ? `${durationMs / HOUR} h` : `${durationMs / DAY} days`;
    console.log(`### Over ${window}: ${run.tidings.requests} requests, hourly polling ${run.hourly.requests}\n`);
    console.log("| class | sources | articles | median lag | p95 lag | never fetched | requests | vs hourly |");
    console.log("|---|---:|---:|---:|---:|---:|---:|---:|");
    for (const f of run.figures) {
      const share = f.hourlyRequests === 0 ? "n/a" : `${((100 * f.requests) / f.hourlyRequests).toFixed(0)}%`;
      console.log(
        `| ${f.label} | ${f.sources} | ${f.articles} | ${formatMinutes(f.medianLagMinutes)} | ${formatMinutes(f.p95LagMinutes)} | ` +
          `${f.missed} | ${f.requests} | ${share} |`,
      );
    }
    console.log("");
    printChecks(run.checks);
    console.log("");
  }
}

function printChecks(checks: TargetCheck[]): void {
  for (const check of checks) {
    const value =
      check.limit < 1
        ? `${(100 * check.value).toFixed(1)}% (limit ${100 * check.limit}%)`
        : `${check.value.toFixed(1)} (limit ${check.limit})`;
    console.log(`- ${check.name}: ${value}: ${check.met ? "met" : "MISSED"}`);
  }
}

function main(): void {
  const args = readArgs(process.argv.slice(2));
  const { seed, sources, days, jitter } = args;
  const settings = { ...DEFAULT_POLICY_SETTINGS, jitterRatio: jitter };
  printIssueTargets(args, settings);
  const population = createPopulation("broad", seed, sources, days * DAY);
  const strategies = [TIDINGS, FIXED_60, FIXED_30, FIXED_60_FLOORS, FLOOR_BOUND, ...COUNTERFACTUALS];
  const options = { seed, durationMs: days * DAY, settings, offline: OFFLINE };
  const results: Result[] = strategies.map((strategy) => ({
    strategy,
    tally: runStrategy(strategy, population, options),
  }));
  const find = (strategy: Strategy) => results.find((result) => result.strategy === strategy)!;
  const [tidings, fixed60] = [find(TIDINGS), find(FIXED_60)];
  const headline = [TIDINGS, FIXED_60, FIXED_30, FIXED_60_FLOORS, FLOOR_BOUND].map(find);
  const count = (predicate: (p: Publisher) => boolean) => population.filter(predicate).length;
  const ofClass = (name: VelocityClass) => population.filter((p) => p.velocity === name);

  console.log(`## The broad population (${sources} sources, ${days} days)\n`);
  console.log(
    `Population: ${VELOCITY_CLASSES.map((c) => `${count((p) => p.velocity === c.name)} ${c.label}`).join(", ")}; ` +
      `${count((p) => p.failureRate > 0)} flaky, ${count((p) => p.outage !== null)} with an outage, ` +
      `${count((p) => p.host.startsWith("limited-"))} on 3 rate-limited hosts, ${count((p) => p.goneAt !== null)} gone (410), ` +
      `${count((p) => p.movedAt !== null)} moved (301), ${count((p) => readAskedFloorSeconds(p) > settings.minIntervalSeconds)} ` +
      `asking for a 2-3 h floor; the machine is offline for 90 min on day 3 (those attempts are not requests).\n`,
  );
  const baseline = fixed60.tally.requests;
  console.log(
    "| strategy | requests | vs fixed 60 | new articles | requests / new article | bodies (200) | 304s | errors | 410s | 429s |",
  );
  console.log("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
  for (const { strategy, tally } of headline) {
    console.log(
      `| ${strategy.name} | ${tally.requests} | ${describeRatio(baseline, tally.requests)} | ${tally.newArticles} | ` +
        `${(tally.requests / tally.newArticles).toFixed(2)} | ${tally.bodies} | ${tally.notModified} | ${tally.errors} | ${tally.gone} | ${tally.rateLimited} |`,
    );
  }

  console.log(
    `\nFreshness lag (publication -> first fetched), median / p95, over every article published during the week (followed ${DRAIN_DAYS} more days; never fetched = missed):\n`,
  );
  console.log(`| class | ${headline.map((r) => r.strategy.name).join(" | ")} |`);
  console.log(`|---|${headline.map(() => "---:").join("|")}|`);
  for (const c of VELOCITY_CLASSES) {
    const publishers = ofClass(c.name);
    const articles = publishers.reduce((sum, p) => sum + tidings.tally.lags[p.id]!.length, 0);
    console.log(
      `| ${c.label}, n=${articles} | ${headline.map(({ tally }) => describeLags(tally, publishers)).join(" | ")} |`,
    );
  }

  const busy = ofClass("busy");
  const busyMedian = (tally: Tally) => readPercentile(collectLags(tally, busy), 0.5);
  console.log("\nIssue 14's targets on this population:\n");
  printChecks(
    checkFreshnessTargets(summariseClasses(population, tidings.tally, fixed60.tally), tidings.tally, fixed60.tally),
  );
  const floorBound = find(FLOOR_BOUND).tally;
  console.log(
    `- For comparison, polling every source exactly at its floor and retrying every failure at the next tick (floor-bound ` +
      `polling, ${describeRatio(baseline, floorBound.requests)} requests than fixed 60) gets ${formatMinutes(busyMedian(floorBound))}.`,
  );

  const asking = busy.filter((p) => readAskedFloorSeconds(p) > settings.minIntervalSeconds);
  const others = busy.filter((p) => readAskedFloorSeconds(p) <= settings.minIntervalSeconds);
  const articlesOf = (publishers: Publisher[]) =>
    publishers.reduce((sum, p) => sum + tidings.tally.lags[p.id]!.length, 0);
  console.log(
    `\nWhere the busy class's lag comes from: references that add one kind of politeness at a time, then Tidings with one rule ` +
      `taken out (median / p95; ${asking.length} busy sources, ${articlesOf(asking)} articles, ask for a floor above ` +
      `${settings.minIntervalSeconds / 60} min, which fixed polling ignores):\n`,
  );
  console.log(
    `| strategy | requests vs fixed 60 | busy class | busy sources asking for a floor > ${settings.minIntervalSeconds / 60} min | ` +
      `other busy sources (${articlesOf(others)} articles) |`,
  );
  console.log("|---|---:|---:|---:|---:|");
  for (const { strategy, tally } of [FIXED_60, FIXED_60_FLOORS, FLOOR_BOUND, TIDINGS, ...COUNTERFACTUALS].map(find)) {
    console.log(
      `| ${strategy.name} | ${describeRatio(baseline, tally.requests)} | ${describeLags(tally, busy)} | ` +
        `${describeLags(tally, asking)} | ${describeLags(tally, others)} |`,
    );
  }
  console.log(
    `\nAn ideal poller (each article's lag uniform over its source's allowed gap, no failures, no quiet hours) would have a ` +
      `busy-class median of ${computeIdealMedian(busy, settings, true).toFixed(1)} min honouring the publishers' floors, ` +
      `${computeIdealMedian(busy, settings, false).toFixed(1)} min ignoring them.`,
  );

  console.log(
    "\nSynchronisation over the week's second half (after the cold start and the offline spell): the largest round " +
      "(requests in one 5-min tick), and the share of requests in the busiest 5-min slot of the hour (even spread: 8.3%):\n",
  );
  console.log("| strategy | largest round | busiest slot |");
  console.log("|---|---:|---:|");
  for (const { strategy, tally } of [...headline, find(NO_JITTER)])
    console.log(`| ${strategy.name} | ${describeSynchronisation(tally, days)} |`);
}

main();
