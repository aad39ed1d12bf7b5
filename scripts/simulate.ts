// Replays the scheduling policy over a synthetic population with a virtual clock, against fixed
// 60-min and 30-min polling, and prints a markdown report. Deterministic for a given --seed.
//
// Every strategy is driven by the same 5-min ticks (the default round cron), fetches at the tick
// time (Tidings' `now` is the tick), meets the same publisher answers (failures are a hash of
// source and tick, not a stream) and has its lag measured the same way: tick of the first fetch
// that shows an item minus the item's publication time. Fixed polling ignores the publishers'
// max-age / ttl floors, which Tidings must honour; "fixed 60 min + publisher floors" is the same
// hourly polling waiting for those floors too, to show what that politeness alone costs.
//
//   npx tsx scripts/simulate.ts [--seed N] [--sources 1000] [--days 7] [--jitter 0.2]
//
// Every publisher honours validators (no new item since the client's last 200 -> 304), so the
// comparison is about how often each strategy asks, not about conditional GET.

import { decideNext, DEFAULT_POLICY_SETTINGS, resolvePublisherFloor } from "../lib/policy";
import type { Observation, PolicySettings, ScheduleState } from "../lib/policy/types";
import { observation, scheduleState } from "@/tests/helpers/policy-fixtures";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const TICK = 5 * MINUTE;
const START = Date.UTC(2025, 0, 6); // a Monday, 00:00 UTC
const FEED_ITEMS = 20; // items a feed keeps: older ones drop off and can be missed
const OFFLINE = { from: START + 2 * DAY + 12 * HOUR, to: START + 2 * DAY + 13.5 * HOUR };

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

type Strategy = { name: string; fixedIntervalMs: number | null; honoursPublisherFloor?: boolean };

type ClientSource = {
  url: string;
  validatorVersion: number | null; // the publisher's post count at our last 200 (our ETag)
  seenUpTo: number;
  nextDueAt: number;
  enabled: boolean;
  state: ScheduleState;
};

type Tally = {
  requests: number;
  bodies: number;
  notModified: number;
  errors: number;
  gone: number;
  rateLimited: number;
  newArticles: number;
  lagsByClass: Record<VelocityClass, number[]>;
};

// ---- deterministic randomness ----------------------------------------------------------------

function createMulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Whether a flaky publisher fails at a given tick must not depend on the strategy's call order,
// so every strategy meets the same bad moments: a hash of (seed, source, tick), not a stream.
function hashUnit(seed: number, sourceId: number, tick: number): number {
  return createMulberry32((seed * 73856093) ^ (sourceId * 19349663) ^ (tick * 83492791))();
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
  const rng = createMulberry32(seed);
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
  const random = createMulberry32(seed ^ 0x5eed);
  const clients = population.map(createClient);
  const hostLastServed = new Map<string, number>();
  const hostHold = new Map<string, number>();
  const tally: Tally = {
    requests: 0, bodies: 0, notModified: 0, errors: 0, gone: 0, rateLimited: 0, newArticles: 0,
    lagsByClass: { busy: [], few_a_day: [], weekly: [], dormant: [] },
  };
  for (let t = START; t < START + days * DAY; t += TICK) {
    population.forEach((p, index) => {
      const client = clients[index]!;
      if (!client.enabled || client.nextDueAt > t) return;
      if (strategy.fixedIntervalMs === null && (hostHold.get(p.host) ?? 0) > t) return;
      const offline = t >= OFFLINE.from && t < OFFLINE.to;
      const exchange = offline
        ? { observation: blankObservation({ errorKind: "dns", offline: true }), hops: 0, seenItems: [] }
        : servePublisher(seed, p, client, t, hostLastServed);
      recordExchange(tally, p, client, exchange, t);
      if (strategy.fixedIntervalMs !== null) {
        client.nextDueAt = t + waitForFixedStrategy(strategy.fixedIntervalMs, strategy.honoursPublisherFloor === true, client, exchange, t, settings);
        return;
      }
      const decision = decideNext(client.state, exchange.observation, new Date(t), settings, random);
      client.state = decision.next;
      client.url = decision.next.feedUrl;
      client.enabled = decision.next.enabled;
      client.nextDueAt = decision.nextDueAt.getTime();
      if (decision.hostRetryAfterUntil !== null) hostHold.set(p.host, decision.hostRetryAfterUntil.getTime());
    });
  }
  return tally;
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

function recordExchange(tally: Tally, p: Publisher, client: ClientSource, exchange: Exchange, t: number): void {
  const { observation } = exchange;
  tally.requests += exchange.hops;
  if (observation.outcome === "ok") {
    tally.bodies += 1;
    client.validatorVersion = countPostsUpTo(p.posts, t);
    for (const pub of exchange.seenItems) {
      if (pub < START) continue;
      tally.newArticles += 1;
      tally.lagsByClass[p.velocity].push((t - pub) / MINUTE);
    }
    client.seenUpTo = Math.max(client.seenUpTo, ...exchange.seenItems);
  } else if (observation.outcome === "not_modified") {
    tally.notModified += 1;
  } else if (observation.errorKind === "gone") {
    tally.gone += 1;
  } else if (observation.errorKind === "rate_limited") {
    tally.rateLimited += 1;
  } else if (!observation.offline) {
    tally.errors += 1;
  }
}

// ---- report ----------------------------------------------------------------------------------

function readPercentile(sorted: number[], q: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

function formatMinutes(minutes: number): string {
  if (Number.isNaN(minutes)) return "n/a";
  // One decimal below two hours: the busy class's comparison with fixed polling is decided by about a minute.
  return minutes < 120 ? `${minutes.toFixed(1)} min` : `${(minutes / 60).toFixed(1)} h`;
}

function describeRatio(baseline: number, requests: number): string {
  if (baseline === requests) return "baseline";
  return baseline > requests ? `${(baseline / requests).toFixed(2)}x fewer` : `${(requests / baseline).toFixed(2)}x more`;
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

function main(): void {
  const { seed, sources, days, jitter } = readArgs(process.argv.slice(2));
  const settings = { ...DEFAULT_POLICY_SETTINGS, jitterRatio: jitter };
  const population = createPopulation(seed, sources, days);
  const strategies: Strategy[] = [
    { name: "Tidings", fixedIntervalMs: null },
    { name: "fixed 60 min", fixedIntervalMs: HOUR },
    { name: "fixed 30 min", fixedIntervalMs: 30 * MINUTE },
    { name: "fixed 60 min + publisher floors", fixedIntervalMs: HOUR, honoursPublisherFloor: true },
  ];
  const results = strategies.map((s) => ({ name: s.name, tally: runStrategy(s, population, seed, days, settings) }));
  const count = (predicate: (p: Publisher) => boolean) => population.filter(predicate).length;

  console.log(`# Tidings polling simulation (seed ${seed}, ${sources} sources, ${days} days, tick 5 min, jitter ${jitter})\n`);
  console.log(
    `Population: ${CLASSES.map((c) => `${count((p) => p.velocity === c.name)} ${c.label}`).join(", ")}; ` +
      `${count((p) => p.failureRate > 0)} flaky, ${count((p) => p.outage !== null)} with an outage, ` +
      `${count((p) => p.host.startsWith("limited-"))} on 3 rate-limited hosts, ${count((p) => p.goneAt !== null)} gone (410), ` +
      `${count((p) => p.movedAt !== null)} moved (301), ${count((p) => p.cacheControl?.includes("7200") === true || p.ttlSeconds !== null)} ` +
      `asking for a 2-3 h floor; the machine is offline for 90 min on day 3 (those attempts are not requests).\n`,
  );
  const baseline = results[1]!.tally.requests;
  console.log("| strategy | requests | vs fixed 60 | new articles | requests / new article | bodies (200) | 304s | errors | 410s | 429s |");
  console.log("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
  for (const { name, tally } of results) {
    console.log(
      `| ${name} | ${tally.requests} | ${describeRatio(baseline, tally.requests)} | ${tally.newArticles} | ` +
        `${(tally.requests / tally.newArticles).toFixed(2)} | ${tally.bodies} | ${tally.notModified} | ${tally.errors} | ${tally.gone} | ${tally.rateLimited} |`,
    );
  }
  console.log("\nFreshness lag (publication -> first fetched), median / p95:\n");
  console.log(`| class | ${results.map((r) => r.name).join(" | ")} |`);
  console.log(`|---|${results.map(() => "---:").join("|")}|`);
  for (const c of CLASSES) {
    const cells = results.map(({ tally }) => {
      const lags = [...tally.lagsByClass[c.name]].sort((a, b) => a - b);
      return `${formatMinutes(readPercentile(lags, 0.5))} / ${formatMinutes(readPercentile(lags, 0.95))} (n=${lags.length})`;
    });
    console.log(`| ${c.label} | ${cells.join(" | ")} |`);
  }
}

main();
