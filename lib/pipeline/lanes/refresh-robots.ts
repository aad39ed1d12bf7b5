// Reads an origin's robots.txt at most once a day, conditionally (its ETag / Last-Modified sent
// back), through the request lane like every other request to that host (it counts toward the
// gap). One read per origin at a time in this process; other instances see the stored row.
//
// Failures (RFC 9309 §2.3.1): a 4xx means "no rules" (allow all). A 5xx or a network failure
// would mean "disallow all" for a crawler; Tidings is not one: the person subscribed to these
// feeds, and a publisher's broken robots.txt should not silence them. So it keeps the last good
// rules (none, if it never read any) and tries again in an hour instead of a day. A 429 is neither:
// the host asks to be left alone, so nothing is asked of it (robots.txt nor feeds, robots-lane.ts)
// until its Retry-After, at least an hour.
import type { Db } from "@/lib/db/client";
import { fetchFeed } from "@/lib/pipeline/fetch/fetch-feed";
import type { FetchResult } from "@/lib/pipeline/fetch/types";
import { takeSharedTurn } from "@/lib/pipeline/lanes/shared-domain-turn";
import { readRobotsTxt, saveRobotsTxt, type RobotsTxtRow } from "@/lib/pipeline/store/fetch/robots-txt";
import { remember } from "@/lib/base/remember";
import type { LaneSettings } from "@/lib/pipeline/lanes/lane-settings";
import { parseRetryAfter } from "@/lib/pipeline/policy/parse-retry-after";

const DAY_MS = 24 * 3600_000;
const RETRY_MS = 3600_000;
/** RFC 9309 §2.5: parse at least 500 KiB; a larger file is read as "no rules". */
const MAX_ROBOTS_BYTES = 500 * 1024;

const inFlight = () => remember("robots-in-flight", () => new Map<string, Promise<RobotsTxtRow>>());

/** The rules to apply now for this origin: the stored ones while fresh, else read again first. */
export async function findRobotsTxt(db: Db, settings: LaneSettings, origin: string): Promise<RobotsTxtRow> {
  const stored = await readRobotsTxt(db, origin);
  if (stored && stored.nextFetchAt > settings.clock.now()) return stored;
  const running = inFlight().get(origin);
  if (running) return running;
  const reading = refresh(db, settings, origin, stored).finally(() => inFlight().delete(origin));
  inFlight().set(origin, reading);
  return reading;
}

async function refresh(
  db: Db,
  settings: LaneSettings,
  origin: string,
  stored: RobotsTxtRow | null,
): Promise<RobotsTxtRow> {
  const result = await fetchFeed(
    { url: `${origin}/robots.txt`, etag: stored?.etag ?? null, lastModified: stored?.lastModified ?? null },
    // The bare lane: the read of robots.txt is not itself subject to robots.txt.
    {
      ...settings.fetch,
      maxBodyBytes: MAX_ROBOTS_BYTES,
      lane: (url) => takeSharedTurn(db, settings, url, settings.hostGapMs),
    },
  );
  const row = nextRobotsRow(origin, stored, result, settings.clock.now());
  await saveRobotsTxt(db, row);
  return row;
}

/** What to store after one read (pure). */
export function nextRobotsRow(
  origin: string,
  stored: RobotsTxtRow | null,
  result: FetchResult,
  now: Date,
): RobotsTxtRow {
  const { headers, httpStatus } = result.meta;
  const validators = { etag: headers.etag, lastModified: headers.lastModified };
  const base = { origin, httpStatus, fetchedAt: now };
  if (result.outcome === "ok") {
    return {
      ...base,
      ...validators,
      body: result.body.toString("utf8").replace(/^\uFEFF/, ""),
      nextFetchAt: new Date(now.getTime() + DAY_MS),
    };
  }
  if (result.outcome === "not_modified") {
    return {
      ...base,
      body: stored?.body ?? "",
      etag: validators.etag ?? stored?.etag ?? null,
      lastModified: validators.lastModified ?? stored?.lastModified ?? null,
      nextFetchAt: new Date(now.getTime() + DAY_MS),
    };
  }
  if (httpStatus === 429) {
    const holdSeconds = Math.max(RETRY_MS / 1000, parseRetryAfter(headers.retryAfter, now) ?? 0);
    return { ...base, ...keptRules(stored), nextFetchAt: new Date(now.getTime() + holdSeconds * 1000) };
  }
  const unavailable =
    (httpStatus !== null && httpStatus >= 400 && httpStatus < 500 && httpStatus !== 429) ||
    result.errorKind === "too_large";
  if (unavailable)
    return { ...base, body: "", etag: null, lastModified: null, nextFetchAt: new Date(now.getTime() + DAY_MS) };
  return { ...base, ...keptRules(stored), nextFetchAt: new Date(now.getTime() + RETRY_MS) };
}

/** The last rules read, and their validators: what a failed read leaves in place. */
function keptRules(stored: RobotsTxtRow | null) {
  return { body: stored?.body ?? "", etag: stored?.etag ?? null, lastModified: stored?.lastModified ?? null };
}

/** While a robots.txt read answered 429 and its hold lasts, the host is asked nothing: the hold's end, else null. */
export function findRobotsHold(robots: RobotsTxtRow, now: Date): Date | null {
  return robots.httpStatus === 429 && robots.nextFetchAt > now ? robots.nextFetchAt : null;
}
