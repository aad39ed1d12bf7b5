// What the health page says about a feed's robots.txt (pure). Rules for every robot are shown,
// not obeyed (unless TIDINGS_ROBOTS=strict): the person should know the publisher asked robots to
// stay away, and that Tidings reads the feed because they subscribed.
import { judgeRobots, type RobotsMode } from "@/lib/pipeline/parse/judge-robots";

export function describeRobotsNotice(input: {
  robotsBody: string | null;
  feedUrl: string;
  token: string;
  mode: RobotsMode;
}): string | null {
  if (input.robotsBody === null || input.mode === "off") return null;
  let origin: string;
  try {
    origin = new URL(input.feedUrl).origin;
  } catch {
    return null;
  }
  const verdict = judgeRobots({
    robotsUrl: `${origin}/robots.txt`,
    body: input.robotsBody,
    url: input.feedUrl,
    token: input.token,
    mode: input.mode,
  });
  if (verdict.disallowedBy === "tidings")
    return `${origin}/robots.txt disallows Tidings for this feed: it is not fetched.`;
  if (verdict.disallowedBy === null) return null;
  if (input.mode === "strict")
    return `${origin}/robots.txt disallows every robot (User-agent: *) for this feed, and TIDINGS_ROBOTS=strict obeys it: it is not fetched.`;
  return `${origin}/robots.txt disallows every robot (User-agent: *) for this feed. Tidings fetches it anyway because you subscribed to it, as every feed reader does; set TIDINGS_ROBOTS=strict to obey such rules.`;
}
