// The simulated publishers: when each feed posts, and how its server behaves.
import { createRandom } from "../seeded-random";

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
export const START = Date.UTC(2025, 0, 6); // a Monday, 00:00 UTC

export type VelocityClass = "busy" | "few_a_day" | "weekly" | "dormant";
export const VELOCITY_CLASSES: { name: VelocityClass; label: string }[] = [
  { name: "busy", label: "busy (>= 6 posts/day)" },
  { name: "few_a_day", label: "a few a day (1-6/day)" },
  { name: "weekly", label: "weekly (0.5-3/week)" },
  { name: "dormant", label: "dormant (< 1 per 2 months)" },
];

/**
 * How a server answers besides its feed's content. "honours" sends a 304 when nothing changed;
 * "ignores_validators" (and ETag churn, which looks the same to a client) sends the same 200 every
 * time; "temporary_redirect" costs a 302 hop on every request; the refused kinds answer the same
 * error every time (an oversized, unparsable, entity-declaring or HTML body, a 404, a hang).
 */
export type ServerBehaviour =
  | "honours"
  | "ignores_validators"
  | "temporary_redirect"
  | "too_large"
  | "parse"
  | "not_a_feed"
  | "not_found"
  | "hanging";

export type Publisher = {
  id: number;
  velocity: VelocityClass;
  posts: number[]; // publication times, ascending
  host: string;
  behaviour: ServerBehaviour;
  failureRate: number; // flaky: share of fetches that fail
  outage: { from: number; to: number } | null;
  goneAt: number | null;
  movedAt: number | null;
  cacheControl: string | null;
  ttlSeconds: number | null;
};

/**
 * "broad": 1,000 (--sources) random sources over the whole range of velocities, posting on their
 * publishers' day, with the misbehaviour a reader meets in the wild. "issue": issue 14's
 * publisher: 200 feeds, 25 busy (about 12 posts a day), 50 medium (about 3 a day), 65 quiet, 60
 * dormant or dead, posting at random hours, with every server behaviour it lists.
 */
export type Mix = "broad" | "issue";

export function pickUniform(rng: () => number, [low, high]: [number, number]): number {
  return low + rng() * (high - low);
}

// "day": 1.4x the mean rate from 07:00 to 23:00 local, 0.2x at night; "flat": the same at any hour.
function generatePosts(rng: () => number, perDay: number, tzHours: number | null, from: number, to: number): number[] {
  const peakPerMs = (perDay * (tzHours === null ? 1 : 1.4)) / DAY;
  const posts: number[] = [];
  for (let t = from; ;) {
    t += -Math.log(1 - rng()) / peakPerMs;
    if (t >= to) return posts;
    if (tzHours === null) {
      posts.push(t);
      continue;
    }
    const localHour = ((((t + tzHours * HOUR) % DAY) + DAY) % DAY) / HOUR;
    if (rng() < (localHour >= 7 && localHour < 23 ? 1 : 0.2 / 1.4)) posts.push(t);
  }
}

function historyFrom(perDay: number): number {
  return START - Math.min(730, Math.max(3, 25 / perDay)) * DAY;
}

// A moment inside the run, for events (gone, moved, outage) that must fall within it.
function pickMoment(rng: () => number, durationMs: number, [low, high]: [number, number]): number {
  return START + pickUniform(rng, [low, high]) * Math.max(durationMs - HOUR, 0);
}

const BROAD_CLASSES: { name: VelocityClass; share: number; postsPerDay: [number, number] }[] = [
  { name: "busy", share: 0.15, postsPerDay: [6, 24] },
  { name: "few_a_day", share: 0.25, postsPerDay: [1, 6] },
  { name: "weekly", share: 0.35, postsPerDay: [0.5 / 7, 3 / 7] },
  { name: "dormant", share: 0.25, postsPerDay: [1 / 365, 1 / 60] },
];

export const RATE_LIMITED_HOSTS = ["limited-a.example", "limited-b.example", "limited-c.example"];

function createBroadPopulation(seed: number, count: number, durationMs: number): Publisher[] {
  const rng = createRandom(seed);
  const end = START + durationMs;
  return Array.from({ length: count }, (_, id) => {
    let roll = rng();
    const velocityClass = BROAD_CLASSES.find((c) => (roll -= c.share) < 0) ?? BROAD_CLASSES[BROAD_CLASSES.length - 1]!;
    const perDay = pickUniform(rng, velocityClass.postsPerDay);
    const tzHours = [-8, -5, 0, 1, 2, 5.5, 9][Math.floor(rng() * 7)]!;
    const behaviour = rng();
    const header = rng();
    const goneAt = behaviour < 0.015 ? pickMoment(rng, durationMs, [0.1, 0.85]) : null;
    return {
      id,
      velocity: velocityClass.name,
      posts: generatePosts(rng, perDay, tzHours, historyFrom(perDay), goneAt ?? end),
      host: id % 80 === 7 ? RATE_LIMITED_HOSTS[id % 3]! : `feed-${id}.example`,
      behaviour: "honours",
      failureRate: behaviour >= 0.015 && behaviour < 0.115 ? pickUniform(rng, [0.1, 0.3]) : 0,
      outage:
        behaviour >= 0.115 && behaviour < 0.145
          ? ((from) => ({ from, to: from + pickUniform(rng, [2, 36]) * HOUR }))(pickMoment(rng, durationMs, [0.1, 0.7]))
          : null,
      goneAt,
      movedAt: behaviour >= 0.145 && behaviour < 0.16 ? pickMoment(rng, durationMs, [0.1, 0.85]) : null,
      cacheControl: header < 0.1 ? "max-age=300" : header < 0.14 ? "public, max-age=7200" : null,
      ttlSeconds: header >= 0.14 && header < 0.17 ? 3 * 3600 : null,
    };
  });
}

const ISSUE_CLASSES: { name: VelocityClass; count: number; postsPerDay: [number, number] }[] = [
  { name: "busy", count: 25, postsPerDay: [10, 14] },
  { name: "few_a_day", count: 50, postsPerDay: [2, 4] },
  { name: "weekly", count: 65, postsPerDay: [0.5 / 7, 3 / 7] },
  { name: "dormant", count: 60, postsPerDay: [1 / 365, 1 / 60] },
];

// Misbehaviour that still serves the feed, on every 9th source (so every class has some)...
const SERVING_QUIRKS = [
  "ignores_validators",
  "temporary_redirect",
  "flaky",
  "moved",
  "rate_limited",
  "max_age_2h",
  "ttl_3h",
] as const;
// ...and the refused or dead ones, on dormant feeds (nothing new would reach a reader anyway).
const DEAD_BEHAVIOURS: (ServerBehaviour | "gone")[] = [
  "too_large",
  "parse",
  "parse",
  "not_a_feed",
  "not_a_feed",
  "not_found",
  "not_found",
  "gone",
  "gone",
  "hanging",
];

function createIssuePopulation(seed: number, count: number, durationMs: number): Publisher[] {
  const rng = createRandom(seed);
  const end = START + durationMs;
  const scale = count / 200;
  const velocities = ISSUE_CLASSES.flatMap((c) => Array<typeof c>(Math.round(c.count * scale)).fill(c));
  let dead = 0;
  return velocities.map((velocityClass, id) => {
    const perDay = pickUniform(rng, velocityClass.postsPerDay);
    const quirk = id % 9 === 4 ? SERVING_QUIRKS[Math.floor(id / 9) % SERVING_QUIRKS.length]! : null;
    const deadBehaviour =
      velocityClass.name === "dormant" && dead < DEAD_BEHAVIOURS.length * scale * 2
        ? DEAD_BEHAVIOURS[dead++ % DEAD_BEHAVIOURS.length]!
        : null;
    const goneAt = deadBehaviour === "gone" ? START : null;
    return {
      id,
      velocity: velocityClass.name,
      posts: generatePosts(rng, perDay, null, historyFrom(perDay), goneAt ?? end),
      host: quirk === "rate_limited" ? RATE_LIMITED_HOSTS[0]! : `feed-${id}.example`,
      behaviour:
        deadBehaviour !== null && deadBehaviour !== "gone"
          ? deadBehaviour
          : quirk === "ignores_validators" || quirk === "temporary_redirect"
            ? quirk
            : "honours",
      failureRate: quirk === "flaky" ? 0.2 : 0,
      outage: null,
      goneAt,
      movedAt: quirk === "moved" ? START + HOUR : null,
      cacheControl: quirk === "max_age_2h" ? "public, max-age=7200" : null,
      ttlSeconds: quirk === "ttl_3h" ? 3 * 3600 : null,
    };
  });
}

export function createPopulation(mix: Mix, seed: number, count: number, durationMs: number): Publisher[] {
  return mix === "issue"
    ? createIssuePopulation(seed, count, durationMs)
    : createBroadPopulation(seed, count, durationMs);
}
