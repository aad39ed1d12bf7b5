// The request lane with the publisher's standing requests in front of it. Before a request to a
// URL: a host name under a Retry-After hold (HostState) is not asked at all, whichever request it
// is (a redirect hop or a discovered feed on another host too; the walk already sets the source's
// own host aside); then the rules of its origin's robots.txt are looked up (read at most once a
// day, refresh-robots.ts); a URL that robots.txt keeps Tidings from is refused without a request
// (an error outcome `blocked`), and the turn waits the origin's Crawl-delay (capped at a minute)
// if it is longer than the usual gap.
import type { Db } from "@/lib/db/client";
import { productTokenOf } from "@/lib/pipeline/fetch/build-user-agent";
import type { RequestLane } from "@/lib/pipeline/fetch/types";
import { describeRobotsRefusal, judgeRobots } from "@/lib/pipeline/parse/judge-robots";
import { findHostHold } from "@/lib/pipeline/lanes/find-host-hold";
import { findRobotsHold, findRobotsTxt } from "@/lib/pipeline/lanes/refresh-robots";
import { takeSharedTurn } from "@/lib/pipeline/lanes/shared-domain-turn";
import type { LaneSettings } from "@/lib/pipeline/lanes/lane-settings";
import { createLogger } from "@/lib/base/log";
import { describeError } from "@/lib/base/describe-error";

const log = createLogger("fetch");

export function robotsLane(db: Db, settings: LaneSettings): RequestLane {
  const lane: RequestLane =
    settings.robots === "off"
      ? (url) => takeSharedTurn(db, settings, url, settings.hostGapMs)
      : robotsCheckedLane(db, settings);
  return async (url) => {
    // The wait counts from here: the hold's lookup and a robots.txt read delay the request as the gap does.
    const asked = settings.clock.monotonicMs();
    // A hold that cannot be looked up (the database failed) holds nothing back, as for robots.txt.
    const heldUntil = await findHostHold(db, url.href, settings.clock.now()).catch(() => null);
    if (heldUntil)
      return {
        go: false,
        errorKind: "rate_limited",
        detail: `${url.hostname} asked to wait until ${heldUntil.toISOString()} (Retry-After): not asked`,
      };
    const turn = await lane(url);
    return turn.go ? { ...turn, waitedMs: settings.clock.monotonicMs() - asked } : turn;
  };
}

function robotsCheckedLane(db: Db, settings: LaneSettings): RequestLane {
  const token = productTokenOf(settings.fetch.userAgent);
  return async (url) => {
    // A robots.txt that cannot be looked up (the database failed) holds no feed back: the usual
    // gap applies, and the fetch's own store step reports the database.
    const robots = await findRobotsTxt(db, settings, url.origin).catch((error: unknown) => {
      log.warn(`robots.txt of ${url.origin} could not be looked up: ${describeError(error)}`);
      return null;
    });
    if (robots === null) return takeSharedTurn(db, settings, url, settings.hostGapMs);
    const heldUntil = findRobotsHold(robots, settings.clock.now());
    if (heldUntil)
      return {
        go: false,
        errorKind: "rate_limited",
        detail: `${url.origin}/robots.txt answered 429 (Too Many Requests): not asked until ${heldUntil.toISOString()}`,
      };
    const verdict = judgeRobots({
      robotsUrl: `${url.origin}/robots.txt`,
      body: robots.body,
      url: url.href,
      token,
      mode: settings.robots,
    });
    if (!verdict.allowed)
      return { go: false, errorKind: "blocked", detail: describeRobotsRefusal(verdict.disallowedBy ?? "tidings") };
    return takeSharedTurn(db, settings, url, Math.max(settings.hostGapMs, verdict.crawlDelayMs));
  };
}

/** The settings every fetch of a round or a subscription uses: the lane, with robots.txt. */
export function withRobots<S extends LaneSettings>(db: Db, settings: S): S {
  return { ...settings, fetch: { ...settings.fetch, lane: robotsLane(db, settings) } };
}
