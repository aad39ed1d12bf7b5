// Replays the scheduling policy over a synthetic population with a virtual clock, against fixed
// 60-min and 30-min polling, and prints a markdown report. Deterministic for a given --seed.
//
// Every strategy is driven by the same 5-min ticks (the default round cron), fetches at the tick
// time (Tidings' `now` is the tick), meets the same publisher answers (failures are a hash of
// source and tick, not a stream) and has its lag measured the same way: tick of the first fetch
// that shows an item minus the item's publication time. Fixed 60- and 30-min waits are whole
// ticks, and so is a wait at Tidings' 60-min floor, so rounding up to the next tick costs neither
// anything; only Tidings' jittered waits are rounded up, as its real rounds would round them.
//
// Every article published during the week is followed to its first fetch: the clock runs on for
// DRAIN_DAYS after the week (fetches then deliver articles but are not counted as requests), and
// an article no fetch ever showed (starved by 429s, or pushed out of the feed's last FEED_ITEMS
// while the source was not fetched) is counted as missed: it ranks after every fetched article in
// the lag percentiles. Leaving it out, as this script used to, made a strategy that never delivers
// an article look better than one that delivers it late.
//
// Fixed polling ignores the publishers' max-age / ttl floors and Retry-After, which Tidings must
// honour. Two reference strategies show what politeness alone costs: "fixed 60 min + publisher
// floors" (hourly polling that waits for those floors too) and "floor-bound polling", the freshest
// polite polling there is: every source at exactly max(60 min, its publisher's floor), Retry-After
// honoured for the host, and every other failure retried at the next tick.
//
//   npx tsx scripts/simulate.ts [--seed N] [--sources 1000] [--days 7] [--jitter 0.2]
//   npm run simulate -- --seed N
//
// Every publisher honours validators (no new item since the client's last 200 -> 304), so the
// comparison is about how often each strategy asks, not about conditional GET.

import { decideNext, DEFAULT_POLICY_SETTINGS, parseMaxAge, parseRetryAfter, resolvePublisherFloor } from "../lib/policy";
import { createRandom } from "./seeded-random";
import type { Observation, PolicySettings, ScheduleState } from "../lib/policy/types";
import { observation, scheduleState } from "@/tests/helpers/policy-fixtures";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const TICK = 5 * MINUTE;
const START = Date.UTC(2025, 0, 6); // a Monday, 00:00 UTC
const FEED_ITEMS = 20; // items a feed keeps: older ones drop off and can be missed
const OFFLINE = { from: START + 2 * DAY + 12 * HOUR, to: START + 2 * DAY + 13.5 * HOUR };
// Longer than any wait the policy sets (24 h maximum + 20% jitter), so every source is fetched again.
const DRAIN_DAYS = 2;

type VelocityClass = "busy" | "few_a_day" | "weekly" | "dormant";
const CLASSES: { name: VelocityClass; share: number; label: string; postsPerDay: [number, number] }[] = [
  { name: "busy", share: 0.15, label: "busy (4-24 posts/day)", postsPerDay: [4, 24] },
  { name: "few_a_day", share: 0.25, label: "a few a day (1-4/day)", postsPerDay: [1, 4] },
  { name: "weekly", share: 0.35, label: "weekly (0.5-3/week)", postsPerDay: [0.5 / 7, 3 / 7] },
  { name: "dormant", share: 0.25, label: "dormant (< 1 per 2 months)", postsPerDay: [1 / 365, 1 / 60] },
];

type Publisher = {
  id: number;
  velocity: VelocityClass;
  posts: number[]; // publication times, ascending
  host: string;
  failureRate: number; // flaky: share of fetches that fail
  outage: { from: number; to: number } | null;
  goneAt: number | null;
  movedAt: number | null;
  cacheControl: string | null;
  ttlSeconds: number | null;
};

/** A counterfactual Tidings: the same policy with one input or setting changed. */
type PolicyVariant = {
  settings?: Partial<PolicySettings>;
  /** The policy never sees max-age, Expires or ttl: what honouring the publishers' floors costs. */
  ignorePublisherFloors?: boolean;
  /** The policy never sees item dates (used only on a first fetch), so a new source starts at the floor. */
  startAtFloor?: boolean;
};

type Strategy =
  | { name: string; kind: "tidings"; variant?: PolicyVariant }
  | { name: string; kind: "fixed"; intervalMs: number; honoursPublisherFloor: boolean }
  | { name: string; kind: "floor-bound" };

type ClientSource = {
  url: string;
  validatorVersion: number | null; // the publisher's post count at our last 200 (our ETag)
  seenUpTo: number;
  nextDueAt: number;
  enabled: boolean;
  state: ScheduleState;
};

type Tally = {
  // During the week only (the drain delivers late articles but its requests are not counted).
  requests: number;
  bodies: number;
  notModified: number;
  errors: number;
  gone: number;
  rateLimited: number;
  newArticles: number;
  /** Per publisher: the lag in minutes of every article published during the week, Infinity if missed. */
  lags: number[][];
  /** Requests in each tick of the week. */
  requestsPerTick: number[];
};

// ---- deterministic randomness ----------------------------------------------------------------

// Whether a flaky publisher fails at a given tick must not depend on the strategy's call order,
// so every strategy meets the same bad moments: a hash of (seed, source, tick), not a stream.
function hashUnit(seed: number, sourceId: number, tick: number): number {
  return createRandom((seed * 73856093) ^ (sourceId * 19349663) ^ (tick * 83492791))();
}

// ---- population ------------------------------------------------------------------------------

function pickUniform(rng: () => number, [low, high]: [number, number]): number {
  return low + rng() * (high - low);
}

// Publishing follows the publisher's day: 1.4x the mean rate from 07:00 to 23:00 local, 0.2x at night.
function generatePosts(rng: () => number, perDay: number, tzHours: number, from: number, to: number): number[] {
  const peakPerMs = (perDay * 1.4) / DAY;
  const posts: number[] = [];
  for (let t = from; ; ) {
    t += -Math.log(1 - rng()) / peakPerMs;
    if (t >= to) return posts;
    const localHour = (((t + tzHours * HOUR) % DAY) + DAY) % DAY / HOUR;
    if (rng() < (localHour >= 7 && localHour < 23 ? 1 : 0.2 / 1.4)) posts.push(t);
  }
}

function createPopulation(seed: number, count: number, days: number): Publisher[] {
  const rng = createRandom(seed);
  const end = START + days * DAY;
  const rateLimitedHosts = ["limited-a.example", "limited-b.example", "limited-c.example"];
  return Array.from({ length: count }, (_, id) => {
    let roll = rng();
    const velocityClass = CLASSES.find((c) => (roll -= c.share) < 0) ?? CLASSES[CLASSES.length - 1]!;
    const perDay = pickUniform(rng, velocityClass.postsPerDay);
    const tzHours = [-8, -5, 0, 1, 2, 5.5, 9][Math.floor(rng() * 7)]!;
    const historyDays = Math.min(730, Math.max(3, 25 / perDay));
    const behaviour = rng();
    const header = rng();
    const goneAt = behaviour < 0.015 ? START + pickUniform(rng, [0.5, days - 1]) * DAY : null;
    return {
      id,
      velocity: velocityClass.name,
      posts: generatePosts(rng, perDay, tzHours, START - historyDays * DAY, goneAt ?? end),
      host: id % 80 === 7 ? rateLimitedHosts[id % 3]! : `feed-${id}.example`,
      failureRate: behaviour >= 0.015 && behaviour < 0.115 ? pickUniform(rng, [0.1, 0.3]) : 0,
      outage:
        behaviour >= 0.115 && behaviour < 0.145
          ? ((from) => ({ from, to: from + pickUniform(rng, [2, 36]) * HOUR }))(START + pickUniform(rng, [0.5, days - 2]) * DAY)
          : null,
      goneAt,
      movedAt: behaviour >= 0.145 && behaviour < 0.16 ? START + pickUniform(rng, [0.5, days - 1]) * DAY : null,
      cacheControl: header < 0.1 ? "max-age=300" : header < 0.14 ? "public, max-age=7200" : null,
      ttlSeconds: header >= 0.14 && header < 0.17 ? 3 * 3600 : null,
    };
  });
}

// ---- the publisher side of one fetch -----------------------------------------------------------

type Exchange = { observation: Observation; hops: number; seenItems: number[] };

function countPostsUpTo(posts: number[], t: number): number {
  let low = 0;
  let high = posts.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (posts[mid]! <= t) low = mid + 1;
    else high = mid;
  }
  return low;
}

function blankObservation(overrides: Partial<Observation>): Observation {
  return observation({ outcome: "error", httpStatus: null, ...overrides });
}

function servePublisher(seed: number, p: Publisher, client: ClientSource, t: number, hostLastServed: Map<string, number>): Exchange {
  const movedUrl = `https://${p.host}/moved/${p.id}`;
  const redirected = p.movedAt !== null && t >= p.movedAt && client.url !== movedUrl;
  const hops = redirected ? 2 : 1;
  const permanentRedirectUrl = redirected ? movedUrl : null;
  const failure = (errorKind: Observation["errorKind"], httpStatus: number | null, extra: Partial<Observation> = {}) => ({
    observation: blankObservation({ errorKind, httpStatus, ...extra }),
    hops,
    seenItems: [],
  });
  if (p.goneAt !== null && t >= p.goneAt) return failure("gone", 410);
  if (p.host.startsWith("limited-")) {
    // One served request per 20 min per host; the rest get 429 with the time left.
    const last = hostLastServed.get(p.host) ?? -Infinity;
    if (t - last < 20 * MINUTE) {
      const waitSeconds = Math.ceil((last + 20 * MINUTE - t) / 1000);
      const retryAfter = p.host === "limited-b.example" ? new Date(t + waitSeconds * 1000).toUTCString() : String(waitSeconds);
      return failure("rate_limited", 429, { retryAfter });
    }
    hostLastServed.set(p.host, t);
  }
  if (p.outage !== null && t >= p.outage.from && t < p.outage.to) return failure(p.id % 2 ? "http_5xx" : "connect", p.id % 2 ? 503 : null);
  const roll = hashUnit(seed, p.id, Math.floor(t / TICK));
  if (roll < p.failureRate) return roll < p.failureRate / 2 ? failure("http_5xx", 502) : failure("timeout", null);

  const version = countPostsUpTo(p.posts, t);
  const headers = { cacheControl: p.cacheControl, feedTtlSeconds: null, date: new Date(t).toUTCString(), permanentRedirectUrl };
  if (client.validatorVersion === version) {
    return { observation: blankObservation({ ...headers, outcome: "not_modified", httpStatus: 304 }), hops, seenItems: [] };
  }
  const items = p.posts.slice(Math.max(0, version - FEED_ITEMS), version);
  const seenItems = items.filter((pub) => pub > client.seenUpTo);
  const observation = blankObservation({
    ...headers,
    outcome: "ok",
    httpStatus: 200,
    newArticles: seenItems.length,
    feedTtlSeconds: p.ttlSeconds,
    itemDates: items.map((pub) => new Date(pub)),
  });
  return { observation, hops, seenItems };
}

// ---- one strategy over the whole population ----------------------------------------------------

function createClient(p: Publisher): ClientSource {
  const url = `https://${p.host}/feed/${p.id}`;
  return {
    url,
    validatorVersion: null,
    seenUpTo: -Infinity,
    nextDueAt: START,
    enabled: true,
    state: scheduleState({ feedUrl: url }),
  };
}

function runStrategy(strategy: Strategy, population: Publisher[], seed: number, days: number, settings: PolicySettings): Tally {
  const random = createRandom(seed ^ 0x5eed);
  const clients = population.map(createClient);
  // Floor-bound polling never jitters: spread its first fetches over the first hour instead, so
  // sources on one rate-limited host do not all ask in the same tick forever.
  if (strategy.kind === "floor-bound") clients.forEach((client, index) => (client.nextDueAt = START + (index % (HOUR / TICK)) * TICK));
  const hostLastServed = new Map<string, number>();
  const hostHold = new Map<string, number>();
  const tally: Tally = {
    requests: 0, bodies: 0, notModified: 0, errors: 0, gone: 0, rateLimited: 0, newArticles: 0,
    lags: population.map(() => []),
    requestsPerTick: [],
  };
  const weekEnd = START + days * DAY;
  for (let t = START; t < weekEnd + DRAIN_DAYS * DAY; t += TICK) {
    const counting = t < weekEnd;
    const requestsBefore = tally.requests;
    population.forEach((p, index) => {
      const client = clients[index]!;
      if (!client.enabled || client.nextDueAt > t) return;
      if (strategy.kind !== "fixed" && (hostHold.get(p.host) ?? 0) > t) return;
      const offline = t >= OFFLINE.from && t < OFFLINE.to;
      const exchange = offline
        ? { observation: blankObservation({ errorKind: "dns", offline: true }), hops: 0, seenItems: [] }
        : servePublisher(seed, p, client, t, hostLastServed);
      recordExchange(tally, p, client, exchange, t, counting);
      if (strategy.kind === "fixed") {
        client.nextDueAt = t + waitForFixedStrategy(strategy.intervalMs, strategy.honoursPublisherFloor, client, exchange, t, settings);
      } else if (strategy.kind === "floor-bound") {
        followFloorBound(client, exchange, t, settings, random, (until) => hostHold.set(p.host, until));
      } else {
        const decision = decideNext(client.state, viewObservation(exchange.observation, strategy.variant), new Date(t), { ...settings, ...strategy.variant?.settings }, random);
        client.state = decision.next;
        client.url = decision.next.feedUrl;
        client.enabled = decision.next.enabled;
        client.nextDueAt = decision.nextDueAt.getTime();
        if (decision.hostRetryAfterUntil !== null) hostHold.set(p.host, decision.hostRetryAfterUntil.getTime());
      }
    });
    if (counting) tally.requestsPerTick.push(tally.requests - requestsBefore);
  }
  population.forEach((p, index) => {
    const published = p.posts.filter((pub) => pub >= START).length;
    const lags = tally.lags[index]!;
    while (lags.length < published) lags.push(Infinity);
  });
  return tally;
}

function viewObservation(observation: Observation, variant: PolicyVariant | undefined): Observation {
  if (variant === undefined) return observation;
  const withoutFloors = variant.ignorePublisherFloors ? { cacheControl: null, expires: null, feedTtlSeconds: null } : {};
  const withoutDates = variant.startAtFloor ? { itemDates: [] } : {};
  return { ...observation, ...withoutFloors, ...withoutDates };
}

// Fixed polling, optionally waiting for the publisher's floor as Tidings does (same resolution:
// a 200 recomputes it, a 304 can only raise it, an error keeps it).
function waitForFixedStrategy(
  intervalMs: number,
  honoursPublisherFloor: boolean,
  client: ClientSource,
  exchange: Exchange,
  t: number,
  settings: PolicySettings,
): number {
  if (!honoursPublisherFloor) return intervalMs;
  const floorSeconds = resolvePublisherFloor(client.state, exchange.observation, new Date(t), settings);
  client.state = { ...client.state, publisherFloorSeconds: floorSeconds };
  return Math.max(intervalMs, (floorSeconds ?? 0) * 1000);
}

// The freshest polling that is still polite: after a success exactly max(minimum interval,
// publisher floor); a 429 holds the host for its Retry-After (or one minimum interval without
// one) and the source retries +0-20% after it (without that spread, the sources of one host all
// come back at the same instant and the first in line always wins); any other failure is retried
// at the next tick, however long it lasts; a 410 stops it and a 301 is followed at once. It never
// slows down, so it costs more requests than fixed 60-min polling.
function followFloorBound(
  client: ClientSource,
  exchange: Exchange,
  t: number,
  settings: PolicySettings,
  random: () => number,
  holdHost: (until: number) => void,
): void {
  const { observation } = exchange;
  if (observation.permanentRedirectUrl !== null) client.url = observation.permanentRedirectUrl;
  if (observation.errorKind === "gone") {
    client.enabled = false;
  } else if (observation.errorKind === "rate_limited") {
    const holdMs = (parseRetryAfter(observation.retryAfter, new Date(t)) ?? settings.minIntervalSeconds) * 1000;
    holdHost(t + holdMs);
    client.nextDueAt = t + Math.max(TICK, holdMs * (1 + settings.jitterRatio * random()));
  } else if (observation.outcome === "error") {
    client.nextDueAt = t + TICK;
  } else {
    client.nextDueAt = t + waitForFixedStrategy(settings.minIntervalSeconds * 1000, true, client, exchange, t, settings);
  }
}

function recordExchange(tally: Tally, p: Publisher, client: ClientSource, exchange: Exchange, t: number, counting: boolean): void {
  const { observation } = exchange;
  if (observation.outcome === "ok") {
    client.validatorVersion = countPostsUpTo(p.posts, t);
    for (const pub of exchange.seenItems) {
      if (pub < START) continue;
      if (counting) tally.newArticles += 1;
      tally.lags[p.id]!.push((t - pub) / MINUTE);
    }
    client.seenUpTo = Math.max(client.seenUpTo, ...exchange.seenItems);
  }
  if (!counting) return;
  tally.requests += exchange.hops;
  if (observation.outcome === "ok") tally.bodies += 1;
  else if (observation.outcome === "not_modified") tally.notModified += 1;
  else if (observation.errorKind === "gone") tally.gone += 1;
  else if (observation.errorKind === "rate_limited") tally.rateLimited += 1;
  else if (!observation.offline) tally.errors += 1;
}

// ---- report ----------------------------------------------------------------------------------

type Result = { strategy: Strategy; tally: Tally };

function readPercentile(sorted: number[], q: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

function formatMinutes(minutes: number): string {
  if (Number.isNaN(minutes)) return "n/a";
  if (minutes === Infinity) return "missed";
  // One decimal below two hours: the busy class's comparison with fixed polling is decided by about a minute.
  return minutes < 120 ? `${minutes.toFixed(1)} min` : `${(minutes / 60).toFixed(1)} h`;
}

function describeRatio(baseline: number, requests: number): string {
  if (baseline === requests) return "baseline";
  return baseline > requests ? `${(baseline / requests).toFixed(2)}x fewer` : `${(requests / baseline).toFixed(2)}x more`;
}

function collectLags(tally: Tally, publishers: Publisher[]): number[] {
  return publishers.flatMap((p) => tally.lags[p.id]!).sort((a, b) => a - b);
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
function computeIdealMedian(publishers: Publisher[], settings: PolicySettings, honoursPublisherFloors: boolean): number {
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

function readArgs(argv: string[]): { seed: number; sources: number; days: number; jitter: number } {
  const read = (name: string, fallback: number) => {
    const index = argv.indexOf(`--${name}`);
    const value = index >= 0 ? Number(argv[index + 1]) : fallback;
    if (!Number.isFinite(value) || value < 0) throw new Error(`--${name} must be a non-negative number`);
    return value;
  };
  return { seed: read("seed", 1), sources: read("sources", 1000), days: read("days", 7), jitter: read("jitter", DEFAULT_POLICY_SETTINGS.jitterRatio) };
}

const TIDINGS: Strategy = { name: "Tidings", kind: "tidings" };
const FIXED_60: Strategy = { name: "fixed 60 min", kind: "fixed", intervalMs: HOUR, honoursPublisherFloor: false };
const FIXED_30: Strategy = { name: "fixed 30 min", kind: "fixed", intervalMs: 30 * MINUTE, honoursPublisherFloor: false };
const FIXED_60_FLOORS: Strategy = { name: "fixed 60 min + publisher floors", kind: "fixed", intervalMs: HOUR, honoursPublisherFloor: true };
const FLOOR_BOUND: Strategy = { name: "floor-bound polling", kind: "floor-bound" };
// Tidings with one rule taken out, to see what each costs the busy class.
const NO_JITTER: Strategy = { name: "Tidings, no jitter", kind: "tidings", variant: { settings: { jitterRatio: 0 } } };
const COUNTERFACTUALS: Strategy[] = [
  { name: "Tidings, publisher floors ignored", kind: "tidings", variant: { ignorePublisherFloors: true } },
  NO_JITTER,
  { name: "Tidings, intervals never grow", kind: "tidings", variant: { settings: { growthFactor: 1 } } },
  { name: "Tidings, new sources start at the floor", kind: "tidings", variant: { startAtFloor: true } },
];

function main(): void {
  const { seed, sources, days, jitter } = readArgs(process.argv.slice(2));
  const settings = { ...DEFAULT_POLICY_SETTINGS, jitterRatio: jitter };
  const population = createPopulation(seed, sources, days);
  const strategies = [TIDINGS, FIXED_60, FIXED_30, FIXED_60_FLOORS, FLOOR_BOUND, ...COUNTERFACTUALS];
  const results: Result[] = strategies.map((strategy) => ({ strategy, tally: runStrategy(strategy, population, seed, days, settings) }));
  const find = (strategy: Strategy) => results.find((result) => result.strategy === strategy)!;
  const [tidings, fixed60] = [find(TIDINGS), find(FIXED_60)];
  const headline = [TIDINGS, FIXED_60, FIXED_30, FIXED_60_FLOORS, FLOOR_BOUND].map(find);
  const count = (predicate: (p: Publisher) => boolean) => population.filter(predicate).length;
  const ofClass = (name: VelocityClass) => population.filter((p) => p.velocity === name);

  console.log(`# Tidings polling simulation (seed ${seed}, ${sources} sources, ${days} days, tick 5 min, jitter ${jitter})\n`);
  console.log(
    `Population: ${CLASSES.map((c) => `${count((p) => p.velocity === c.name)} ${c.label}`).join(", ")}; ` +
      `${count((p) => p.failureRate > 0)} flaky, ${count((p) => p.outage !== null)} with an outage, ` +
      `${count((p) => p.host.startsWith("limited-"))} on 3 rate-limited hosts, ${count((p) => p.goneAt !== null)} gone (410), ` +
      `${count((p) => p.movedAt !== null)} moved (301), ${count((p) => readAskedFloorSeconds(p) > settings.minIntervalSeconds)} ` +
      `asking for a 2-3 h floor; the machine is offline for 90 min on day 3 (those attempts are not requests).\n`,
  );
  const baseline = fixed60.tally.requests;
  console.log("| strategy | requests | vs fixed 60 | new articles | requests / new article | bodies (200) | 304s | errors | 410s | 429s |");
  console.log("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
  for (const { strategy, tally } of headline) {
    console.log(
      `| ${strategy.name} | ${tally.requests} | ${describeRatio(baseline, tally.requests)} | ${tally.newArticles} | ` +
        `${(tally.requests / tally.newArticles).toFixed(2)} | ${tally.bodies} | ${tally.notModified} | ${tally.errors} | ${tally.gone} | ${tally.rateLimited} |`,
    );
  }

  console.log(`\nFreshness lag (publication -> first fetched), median / p95, over every article published during the week (followed ${DRAIN_DAYS} more days; never fetched = missed):\n`);
  console.log(`| class | ${headline.map((r) => r.strategy.name).join(" | ")} |`);
  console.log(`|---|${headline.map(() => "---:").join("|")}|`);
  for (const c of CLASSES) {
    const publishers = ofClass(c.name);
    const articles = publishers.reduce((sum, p) => sum + tidings.tally.lags[p.id]!.length, 0);
    console.log(`| ${c.label}, n=${articles} | ${headline.map(({ tally }) => describeLags(tally, publishers)).join(" | ")} |`);
  }

  const busy = ofClass("busy");
  const busyMedian = (tally: Tally) => readPercentile(collectLags(tally, busy), 0.5);
  const ratio = baseline / tidings.tally.requests;
  const gap = busyMedian(tidings.tally) - busyMedian(fixed60.tally);
  console.log("\nTarget: at least 3x fewer requests than fixed 60-min polling, and a busy-class median lag no worse than it.\n");
  console.log(`- Requests: ${ratio.toFixed(2)}x fewer: ${ratio >= 3 ? "met" : "missed"}.`);
  console.log(
    `- Busy-class median lag: ${formatMinutes(busyMedian(tidings.tally))} against ${formatMinutes(busyMedian(fixed60.tally))}: ` +
      `${gap <= 0 ? "met" : `missed by ${gap.toFixed(1)} min`}.`,
  );
  const floorBound = find(FLOOR_BOUND).tally;
  console.log(
    `- For comparison, polling every source exactly at its floor and retrying every failure at the next tick (floor-bound ` +
      `polling, ${describeRatio(baseline, floorBound.requests)} requests than fixed 60) gets ${formatMinutes(busyMedian(floorBound))}.`,
  );

  const asking = busy.filter((p) => readAskedFloorSeconds(p) > settings.minIntervalSeconds);
  const others = busy.filter((p) => readAskedFloorSeconds(p) <= settings.minIntervalSeconds);
  const articlesOf = (publishers: Publisher[]) => publishers.reduce((sum, p) => sum + tidings.tally.lags[p.id]!.length, 0);
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
  for (const { strategy, tally } of [...headline, find(NO_JITTER)]) console.log(`| ${strategy.name} | ${describeSynchronisation(tally, days)} |`);
}

main();
