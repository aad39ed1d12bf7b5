// One polling strategy over a population, on a virtual clock of 5-min ticks (the default round
// cron). Every strategy fetches at the tick time (Tidings' `now` is the tick), meets the same
// publisher answers (failures are a hash of source and tick, not a stream) and has its lag measured
// the same way: tick of the first fetch that shows an item minus the item's publication time.
//
// Every article published during the run is followed to its first fetch: the clock runs on for
// DRAIN_DAYS after the run (fetches then deliver articles but are not counted as requests), and an
// article no fetch ever showed (starved by 429s, or pushed out of the feed's last FEED_ITEMS while
// the source was not fetched) is counted as missed: it ranks after every fetched article.
import { decideNext, parseRetryAfter, resolvePublisherFloor } from "../../lib/pipeline/policy";
import type { Observation, PolicySettings, ScheduleState } from "../../lib/pipeline/policy/types";
import { observation, scheduleState } from "../../tests/helpers/policy-fixtures";
import { createRandom } from "../seeded-random";
import { DAY, HOUR, MINUTE, START, type Publisher } from "./population";

export const TICK = 5 * MINUTE;
const FEED_ITEMS = 20; // items a feed keeps: older ones drop off and can be missed
// Longer than any wait the policy sets (24 h maximum + 20% jitter), so every source is fetched again.
export const DRAIN_DAYS = 2;

/** A counterfactual Tidings: the same policy with one input or setting changed. */
export type PolicyVariant = {
  settings?: Partial<PolicySettings>;
  /** The policy never sees max-age, Expires or ttl: what honouring the publishers' floors costs. */
  ignorePublisherFloors?: boolean;
  /** The policy never sees item dates, so it cannot read a feed's rhythm. */
  ignoreItemDates?: boolean;
};

export type Strategy =
  | { name: string; kind: "tidings"; variant?: PolicyVariant }
  | { name: string; kind: "fixed"; intervalMs: number; honoursPublisherFloor: boolean }
  | { name: string; kind: "floor-bound" };

export type RunOptions = {
  seed: number;
  durationMs: number;
  settings: PolicySettings;
  /** The machine is offline in this window (those attempts are not requests). */
  offline: { from: number; to: number } | null;
};

type ClientSource = {
  url: string;
  validatorVersion: number | null; // the publisher's post count at our last 200 (our ETag)
  seenUpTo: number;
  nextDueAt: number;
  enabled: boolean;
  state: ScheduleState;
};

export type Tally = {
  // During the run only (the drain delivers late articles but its requests are not counted).
  requests: number;
  bodies: number;
  notModified: number;
  errors: number;
  gone: number;
  rateLimited: number;
  newArticles: number;
  /** Per publisher: requests during the run. */
  requestsBySource: number[];
  /** Per publisher: the lag in minutes of every article published during the run, Infinity if missed. */
  lags: number[][];
  /** Requests in each tick of the run. */
  requestsPerTick: number[];
};

// Whether a flaky publisher fails at a given tick must not depend on the strategy's call order,
// so every strategy meets the same bad moments: a hash of (seed, source, tick), not a stream.
function hashUnit(seed: number, sourceId: number, tick: number): number {
  return createRandom((seed * 73856093) ^ (sourceId * 19349663) ^ (tick * 83492791))();
}

// ---- the publisher side of one fetch -----------------------------------------------------------

type Exchange = { observation: Observation; hops: number; seenItems: number[] };

export function countPostsUpTo(posts: number[], t: number): number {
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

const REFUSED: Partial<Record<Publisher["behaviour"], [Observation["errorKind"], number | null]>> = {
  too_large: ["too_large", 200],
  parse: ["parse", 200],
  not_a_feed: ["not_a_feed", 200],
  not_found: ["not_found", 404],
  hanging: ["timeout", null],
};

function servePublisher(
  seed: number,
  p: Publisher,
  client: ClientSource,
  t: number,
  hostLastServed: Map<string, number>,
): Exchange {
  const movedUrl = `https://${p.host}/moved/${p.id}`;
  const redirected = p.movedAt !== null && t >= p.movedAt && client.url !== movedUrl;
  const hops = redirected || p.behaviour === "temporary_redirect" ? 2 : 1;
  const permanentRedirectUrl = redirected ? movedUrl : null;
  const failure = (
    errorKind: Observation["errorKind"],
    httpStatus: number | null,
    extra: Partial<Observation> = {},
  ) => ({
    observation: blankObservation({ errorKind, httpStatus, ...extra }),
    hops,
    seenItems: [],
  });
  if (p.goneAt !== null && t >= p.goneAt) return failure("gone", 410);
  const refused = REFUSED[p.behaviour];
  if (refused !== undefined) return failure(...refused);
  if (p.host.startsWith("limited-")) {
    // One served request per 20 min per host; the rest get 429 with the time left.
    const last = hostLastServed.get(p.host) ?? -Infinity;
    if (t - last < 20 * MINUTE) {
      const waitSeconds = Math.ceil((last + 20 * MINUTE - t) / 1000);
      const retryAfter =
        p.host === "limited-b.example" ? new Date(t + waitSeconds * 1000).toUTCString() : String(waitSeconds);
      return failure("rate_limited", 429, { retryAfter });
    }
    hostLastServed.set(p.host, t);
  }
  if (p.outage !== null && t >= p.outage.from && t < p.outage.to)
    return failure(p.id % 2 ? "http_5xx" : "connect", p.id % 2 ? 503 : null);
  const roll = hashUnit(seed, p.id, Math.floor(t / TICK));
  if (roll < p.failureRate) return roll < p.failureRate / 2 ? failure("http_5xx", 502) : failure("timeout", null);

  const version = countPostsUpTo(p.posts, t);
  const headers = {
    cacheControl: p.cacheControl,
    feedTtlSeconds: null,
    date: new Date(t).toUTCString(),
    permanentRedirectUrl,
  };
  if (client.validatorVersion === version) {
    if (p.behaviour === "ignores_validators") {
      // The same body again: the round recognises its hash and does not parse it (no item dates).
      return {
        observation: blankObservation({ ...headers, outcome: "ok", httpStatus: 200, bodyUnchanged: true }),
        hops,
        seenItems: [],
      };
    }
    return {
      observation: blankObservation({ ...headers, outcome: "not_modified", httpStatus: 304 }),
      hops,
      seenItems: [],
    };
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

export function runStrategy(strategy: Strategy, population: Publisher[], options: RunOptions): Tally {
  const { seed, durationMs, settings } = options;
  const random = createRandom(seed ^ 0x5eed);
  const clients = population.map(createClient);
  // Floor-bound polling never jitters: spread its first fetches over the first hour instead, so
  // sources on one rate-limited host do not all ask in the same tick forever.
  if (strategy.kind === "floor-bound")
    clients.forEach((client, index) => (client.nextDueAt = START + (index % (HOUR / TICK)) * TICK));
  const hostLastServed = new Map<string, number>();
  const hostHold = new Map<string, number>();
  const tally: Tally = {
    requests: 0,
    bodies: 0,
    notModified: 0,
    errors: 0,
    gone: 0,
    rateLimited: 0,
    newArticles: 0,
    requestsBySource: population.map(() => 0),
    lags: population.map(() => []),
    requestsPerTick: [],
  };
  const end = START + durationMs;
  for (let t = START; t < end + DRAIN_DAYS * DAY; t += TICK) {
    const counting = t < end;
    const requestsBefore = tally.requests;
    population.forEach((p, index) => {
      const client = clients[index]!;
      if (!client.enabled || client.nextDueAt > t) return;
      if (strategy.kind !== "fixed" && (hostHold.get(p.host) ?? 0) > t) return;
      const offline = options.offline !== null && t >= options.offline.from && t < options.offline.to;
      const exchange = offline
        ? { observation: blankObservation({ errorKind: "dns", offline: true }), hops: 0, seenItems: [] }
        : servePublisher(seed, p, client, t, hostLastServed);
      recordExchange(tally, p, client, exchange, t, counting);
      if (strategy.kind === "fixed") {
        client.nextDueAt =
          t + waitForFixedStrategy(strategy.intervalMs, strategy.honoursPublisherFloor, client, exchange, t, settings);
      } else if (strategy.kind === "floor-bound") {
        followFloorBound(client, exchange, t, settings, random, (until) => hostHold.set(p.host, until));
      } else {
        const decision = decideNext(
          client.state,
          viewObservation(exchange.observation, strategy.variant),
          new Date(t),
          { ...settings, ...strategy.variant?.settings },
          random,
        );
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
    const published = p.posts.filter((pub) => pub >= START && pub < end).length;
    const lags = tally.lags[index]!;
    while (lags.length < published) lags.push(Infinity);
  });
  return tally;
}

function viewObservation(observation: Observation, variant: PolicyVariant | undefined): Observation {
  if (variant === undefined) return observation;
  const withoutFloors = variant.ignorePublisherFloors
    ? { cacheControl: null, expires: null, feedTtlSeconds: null }
    : {};
  const withoutDates = variant.ignoreItemDates ? { itemDates: [] } : {};
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
    client.nextDueAt =
      t + waitForFixedStrategy(settings.minIntervalSeconds * 1000, true, client, exchange, t, settings);
  }
}

function recordExchange(
  tally: Tally,
  p: Publisher,
  client: ClientSource,
  exchange: Exchange,
  t: number,
  counting: boolean,
): void {
  const { observation } = exchange;
  if (observation.outcome === "ok" && !observation.bodyUnchanged) {
    client.validatorVersion = countPostsUpTo(p.posts, t);
    for (const pub of exchange.seenItems) {
      // History before the run is not followed (posts end with the run: the drain only delivers).
      if (pub < START) continue;
      if (counting) tally.newArticles += 1;
      tally.lags[p.id]!.push((t - pub) / MINUTE);
    }
    client.seenUpTo = Math.max(client.seenUpTo, ...exchange.seenItems);
  }
  if (!counting) return;
  tally.requests += exchange.hops;
  tally.requestsBySource[p.id]! += exchange.hops;
  if (observation.outcome === "ok") tally.bodies += 1;
  else if (observation.outcome === "not_modified") tally.notModified += 1;
  else if (observation.errorKind === "gone") tally.gone += 1;
  else if (observation.errorKind === "rate_limited") tally.rateLimited += 1;
  else if (!observation.offline) tally.errors += 1;
}
