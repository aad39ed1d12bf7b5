import { describe, expect, it } from "vitest";
import { judgeRobots } from "@/lib/pipeline/parse/judge-robots";
import { describeRobotsNotice } from "@/lib/reads/health/describe/describe-robots-notice";
import { productTokenOf } from "@/lib/pipeline/fetch/build-user-agent";

const ROBOTS_URL = "https://example.com/robots.txt";
const judge = (body: string, path: string, mode: "on" | "strict" = "on") =>
  judgeRobots({ robotsUrl: ROBOTS_URL, body, url: `https://example.com${path}`, token: "Tidings", mode });

describe("judgeRobots", () => {
  it.each([
    ["no rules", "", "/feed.xml", "on", { allowed: true, disallowedBy: null, crawlDelayMs: 0 }],
    [
      "a Disallow naming Tidings",
      "User-agent: Tidings\nDisallow: /feed\n",
      "/feed.xml",
      "on",
      { allowed: false, disallowedBy: "tidings", crawlDelayMs: 0 },
    ],
    [
      "a Disallow naming tidings in lower case",
      "user-agent: tidings\ndisallow: /\n",
      "/feed.xml",
      "on",
      { allowed: false, disallowedBy: "tidings", crawlDelayMs: 0 },
    ],
    [
      "a Disallow for everyone: shown, not obeyed",
      "User-agent: *\nDisallow: /\n",
      "/feed.xml",
      "on",
      { allowed: true, disallowedBy: "everyone", crawlDelayMs: 0 },
    ],
    [
      "a Disallow for everyone in strict mode",
      "User-agent: *\nDisallow: /\n",
      "/feed.xml",
      "strict",
      { allowed: false, disallowedBy: "everyone", crawlDelayMs: 0 },
    ],
    [
      "a Tidings group that allows, over a * that disallows",
      "User-agent: *\nDisallow: /\n\nUser-agent: Tidings\nAllow: /\n",
      "/feed.xml",
      "strict",
      { allowed: true, disallowedBy: null, crawlDelayMs: 0 },
    ],
    [
      "another robot's rule",
      "User-agent: Googlebot\nDisallow: /\n",
      "/feed.xml",
      "strict",
      { allowed: true, disallowedBy: null, crawlDelayMs: 0 },
    ],
    [
      "a Crawl-delay",
      "User-agent: *\nCrawl-delay: 5\n",
      "/feed.xml",
      "on",
      { allowed: true, disallowedBy: null, crawlDelayMs: 5000 },
    ],
    [
      "a Crawl-delay over a minute, capped",
      "User-agent: Tidings\nCrawl-delay: 3600\n",
      "/feed.xml",
      "on",
      { allowed: true, disallowedBy: null, crawlDelayMs: 60_000 },
    ],
    [
      "a nonsense Crawl-delay",
      "User-agent: *\nCrawl-delay: soon\n",
      "/feed.xml",
      "on",
      { allowed: true, disallowedBy: null, crawlDelayMs: 0 },
    ],
  ] as const)("%s", (_name, body, path, mode, expected) => {
    expect(judge(body, path, mode)).toEqual(expected);
  });

  it("says nothing about a URL on another origin", () => {
    expect(
      judgeRobots({
        robotsUrl: ROBOTS_URL,
        body: "User-agent: *\nDisallow: /\n",
        url: "https://other.example/feed",
        token: "Tidings",
        mode: "strict",
      }).allowed,
    ).toBe(true);
  });

  it("takes the product token of the User-Agent", () => {
    expect(productTokenOf("Tidings/0.1.0 (+https://example.org; self-hosted feed reader; 1 subscriber)")).toBe(
      "Tidings",
    );
  });
});

describe("describeRobotsNotice (health page)", () => {
  const notice = (body: string | null, mode: "on" | "strict" | "off" = "on") =>
    describeRobotsNotice({ robotsBody: body, feedUrl: "https://example.com/feed.xml", token: "Tidings", mode });
  it("shows a Disallow for every robot that Tidings does not obey, and how to obey it", () => {
    expect(notice("User-agent: *\nDisallow: /\n")).toMatch(
      /disallows every robot \(User-agent: \*\).*fetches it anyway because you subscribed.*TIDINGS_ROBOTS=strict/,
    );
  });
  it("says so when the feed is not fetched because of robots.txt", () => {
    expect(notice("User-agent: *\nDisallow: /\n", "strict")).toMatch(/strict obeys it: it is not fetched/);
    expect(notice("User-agent: Tidings\nDisallow: /\n")).toMatch(/disallows Tidings for this feed/);
  });
  it("says nothing without rules, without a stored robots.txt, or with robots.txt off", () => {
    expect(notice("")).toBeNull();
    expect(notice(null)).toBeNull();
    expect(notice("User-agent: *\nDisallow: /\n", "off")).toBeNull();
  });
});
