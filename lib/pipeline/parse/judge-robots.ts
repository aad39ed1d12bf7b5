// What a robots.txt says about one URL for Tidings (pure: no I/O, no clock). RFC 9309 with the
// Crawl-delay extension. A feed reader is not a crawler: the person subscribed to the feed, as
// every reader's users do, so a rule for every robot (`User-agent: *`) is shown, not obeyed,
// unless TIDINGS_ROBOTS=strict. A rule that names Tidings's own product token is obeyed.
import robotsParser from "robots-parser";

export type RobotsMode = "on" | "strict" | "off";

export type RobotsVerdict = {
  allowed: boolean;
  /** Which group disallows the URL: one naming Tidings, the one for every robot, or none. */
  disallowedBy: "tidings" | "everyone" | null;
  /** Crawl-delay of the group that applies to Tidings, in ms, capped; 0 without one. */
  crawlDelayMs: number;
};

/** A Crawl-delay beyond a minute would starve a feed; a minute between requests is still very polite. */
export const MAX_CRAWL_DELAY_MS = 60_000;

/** A user agent no robots.txt names: its answer is the `*` group's. */
const NOBODY = "tidings-robots-probe-nobody-names";

export function judgeRobots(input: {
  robotsUrl: string;
  body: string;
  url: string;
  token: string;
  mode: RobotsMode;
}): RobotsVerdict {
  const robots = robotsParser(input.robotsUrl, input.body);
  const delay = Number(robots.getCrawlDelay(input.token));
  const crawlDelayMs = Number.isFinite(delay) && delay > 0 ? Math.min(Math.round(delay * 1000), MAX_CRAWL_DELAY_MS) : 0;
  // undefined: the URL is not on this robots.txt's origin, which then says nothing about it.
  if (robots.isAllowed(input.url, input.token) !== false) return { allowed: true, disallowedBy: null, crawlDelayMs };
  // The same matching line for Tidings and for nobody-in-particular means the rule is the `*` group's.
  const named =
    robots.getMatchingLineNumber(input.url, input.token) !== robots.getMatchingLineNumber(input.url, NOBODY);
  if (named) return { allowed: false, disallowedBy: "tidings", crawlDelayMs };
  return { allowed: input.mode !== "strict", disallowedBy: "everyone", crawlDelayMs };
}

export function describeRobotsRefusal(disallowedBy: "tidings" | "everyone"): string {
  return disallowedBy === "tidings"
    ? "robots.txt disallows Tidings: no request sent"
    : "robots.txt disallows every robot (User-agent: *) and TIDINGS_ROBOTS=strict obeys it: no request sent";
}
