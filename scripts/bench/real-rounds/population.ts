// The publisher of the real-round benchmark: which feeds exist, on which host, how each server
// behaves, and when each feed posts (seeded, so every run serves the same 10 hours).
import { createRandom } from "../../seeded-random";

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** Every server behaviour issue 14 lists. */
export type Behaviour =
  | "honours" // 304 when ETag / Last-Modified match
  | "ignores_validators" // sends validators, answers 200 with the same body every time
  | "churns_etag" // a new ETag on every response, same body
  | "too_large" // 2 MB, over the bench's 1 MB TIDINGS_MAX_BODY_BYTES (honours validators)
  | "malformed" // not well-formed XML (honours validators)
  | "entity" // declares entities (honours validators)
  | "html_with_link" // an HTML page with a <link rel=alternate> to its feed (both honour validators)
  | "html_without_link" // an HTML page, no feed link (honours validators)
  | "hanging" // never answers
  | "slow" // answers after 150 ms of real time (honours validators)
  | "rate_limited" // a host that answers 429 Retry-After: 120 now and then (honours validators)
  | "gone" // 410 from a moment inside the run (honours validators before)
  | "not_found" // 404
  | "moved" // 301 from its old path to a new one, which honours validators
  | "found" // 302 on every request to a path that honours validators
  | "flaky"; // 503 on a quarter of requests (honours validators otherwise)

export type Velocity = "busy" | "medium" | "quiet" | "dormant";
export const VELOCITIES: { name: Velocity; label: string; perDay: number }[] = [
  { name: "busy", label: "busy (~12 posts/day)", perDay: 12 },
  { name: "medium", label: "a few a day (~3/day)", perDay: 3 },
  { name: "quiet", label: "quiet (~2/week)", perDay: 0.3 },
  { name: "dormant", label: "dormant", perDay: 0 },
];

/** Feeds whose body Tidings refuses: they never change, so their content never needs a new body. */
export const STATIC_BEHAVIOURS: Behaviour[] = ["too_large", "malformed", "entity", "html_without_link"];
/** Feeds that deliver items to the reader (their freshness is measured). */
export const READABLE_BEHAVIOURS: Behaviour[] = [
  "honours",
  "html_with_link",
  "ignores_validators",
  "churns_etag",
  "slow",
  "rate_limited",
  "gone",
  "moved",
  "found",
  "flaky",
];

export type Feed = {
  id: number;
  /** Index of its host (one 127.0.0.x address each). */
  host: number;
  behaviour: Behaviour;
  velocity: Velocity;
  /** Publication times (virtual ms), ascending: 20 before the start, then the run's. */
  posts: number[];
  /** For "gone": the first moment it answers 410. */
  goneAt: number | null;
};

// Out of 200 feeds (scaled for other sizes, at least one each); the rest honour validators.
const SHARE_OF_200: [Behaviour, number][] = [
  ["ignores_validators", 12],
  ["churns_etag", 10],
  ["too_large", 2],
  ["malformed", 3],
  ["entity", 3],
  ["html_with_link", 3],
  ["html_without_link", 3],
  ["hanging", 3],
  ["slow", 5],
  ["rate_limited", 10],
  ["gone", 5],
  ["not_found", 4],
  ["moved", 6],
  ["found", 6],
  ["flaky", 10],
];
// issue 14's mix: 25 busy, 50 medium, 65 quiet, 60 dormant of 200.
const VELOCITY_OF_200: [Velocity, number][] = [
  ["busy", 25],
  ["medium", 50],
  ["quiet", 65],
  ["dormant", 60],
];

/** Hosts the ordinary feeds share (several feeds per registrable domain, so the gap matters). */
export const SHARED_HOSTS = 20;

function scaled<T>(shares: [T, number][], total: number, atLeastOne: boolean): T[] {
  return shares.flatMap(([value, count]) =>
    Array.from({ length: Math.max(atLeastOne ? 1 : 0, Math.round((count * total) / 200)) }, () => value),
  );
}

function shuffle<T>(rng: () => number, list: T[]): T[] {
  const copy = [...list];
  for (let index = copy.length - 1; index > 0; index -= 1) {
    const other = Math.floor(rng() * (index + 1));
    [copy[index], copy[other]] = [copy[other]!, copy[index]!];
  }
  return copy;
}

function generatePosts(rng: () => number, perDay: number, start: number, end: number): number[] {
  if (perDay === 0) return Array.from({ length: 20 }, (_, index) => start - 90 * DAY - (19 - index) * 30 * DAY);
  const gap = () => (-Math.log(1 - rng()) * DAY) / perDay;
  const history: number[] = [];
  for (let t = start; history.length < 20;) history.unshift((t -= gap()));
  const run: number[] = [];
  for (let t = start + gap(); t < end; t += gap()) run.push(t);
  return [...history, ...run];
}

/** The rate-limited feeds share one host of their own: a 429 there holds all of them. */
export function buildPopulation(feedCount: number, start: number, end: number, seed = 14): Feed[] {
  const rng = createRandom(seed);
  const special = scaled(SHARE_OF_200, feedCount, true);
  const behaviours = shuffle(rng, [
    ...special,
    ...Array.from({ length: Math.max(0, feedCount - special.length) }, () => "honours" as Behaviour),
  ]);
  const velocities = shuffle(rng, scaled(VELOCITY_OF_200, behaviours.length, true));
  return behaviours.map((behaviour, id) => {
    const velocity = STATIC_BEHAVIOURS.includes(behaviour)
      ? "dormant"
      : (velocities[id % velocities.length] ?? "quiet");
    const perDay = VELOCITIES.find((entry) => entry.name === velocity)!.perDay;
    return {
      id,
      host: behaviour === "rate_limited" ? SHARED_HOSTS : id % SHARED_HOSTS,
      behaviour,
      velocity,
      posts: generatePosts(rng, perDay, start, end),
      goneAt: behaviour === "gone" ? start + (0.2 + 0.6 * rng()) * (end - start) : null,
    };
  });
}
