// The pure rules of the WebSub subscriber (issue 28): Link header reading, hub discovery, the
// signature check, the poll verdict while a hub pushes, the request plan of a due subscription,
// the state's words, and TIDINGS_PUBLIC_URL.
import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { parseEnv } from "@/lib/base/env";
import { parseFeed } from "@/lib/pipeline/parse/parse-feed";
import type { Decision } from "@/lib/pipeline/policy/types";
import { readLinkHeader } from "@/lib/pipeline/websub/read-link-header";
import { discoverHub } from "@/lib/pipeline/websub/discover-hub";
import { checkSignature } from "@/lib/features/websub/check-signature";
import { judgePoll, PUSHED_POLL_SECONDS, type PushStanding } from "@/lib/pipeline/websub/push-schedule";
import { planHubRequest, renewalTime, retryTime, type DueSubscription } from "@/lib/pipeline/websub/plan-hub-request";
import { describePushState } from "@/lib/features/websub/describe-push-state";

const HUB = "https://hub.example/";
const FEED = "https://blog.example/feed.xml";

describe("readLinkHeader (RFC 8288)", () => {
  it.each([
    ['<https://hub.example/>; rel="hub"', [{ target: "https://hub.example/", rels: ["hub"] }]],
    [
      '<https://hub.example/>; rel=hub, <https://blog.example/feed?a=1,2>; rel="self"',
      [
        { target: "https://hub.example/", rels: ["hub"] },
        { target: "https://blog.example/feed?a=1,2", rels: ["self"] },
      ],
    ],
    ['</x>; title="a, b; c"; rel="HUB Self"', [{ target: "/x", rels: ["hub", "self"] }]],
    ['<https://a.example/>; rel="hub"; rel="self"', [{ target: "https://a.example/", rels: ["hub"] }]],
    ["<https://a.example/>; type=text/html", []],
    ["garbage without targets", []],
    ['<unterminated; rel="hub"', []],
  ])("reads %j", (field, expected) => {
    expect(readLinkHeader(field)).toEqual(expected);
  });
});

describe("discoverHub (W3C WebSub §4)", () => {
  const meta = (link: string | null) => ({ finalUrl: FEED, headers: { link } as never });
  it.each([
    [
      "headers name hub and self",
      `<${HUB}>; rel="hub", <https://blog.example/topic>; rel="self"`,
      undefined,
      { hubUrl: HUB, topicUrl: "https://blog.example/topic" },
    ],
    [
      "headers win over the document",
      `<${HUB}>; rel="hub"`,
      { hubs: ["https://other.example/"], self: "https://blog.example/self" },
      { hubUrl: HUB, topicUrl: "https://blog.example/self" },
    ],
    [
      "the document when headers name no hub",
      '<https://x.example/>; rel="alternate"',
      { hubs: [HUB], self: null },
      { hubUrl: HUB, topicUrl: FEED },
    ],
    [
      "relative targets resolve against the feed",
      '</hub>; rel="hub", </topic>; rel="self"',
      undefined,
      { hubUrl: "https://blog.example/hub", topicUrl: "https://blog.example/topic" },
    ],
    ["non-http hubs are ignored", '<ftp://hub.example/>; rel="hub"', undefined, null],
    ["no hub at all", null, undefined, null],
  ])("%s", (_name, link, document, expected) => {
    expect(discoverHub(meta(link), document)).toEqual(expected);
  });
});

describe("checkSignature (W3C WebSub §8)", () => {
  const body = Buffer.from("<rss/>");
  const secret = "s3cret";
  const sign = (method: string, key = secret) => `${method}=${createHmac(method, key).update(body).digest("hex")}`;
  it.each([
    ["sha1", sign("sha1"), "valid"],
    ["sha256", sign("sha256"), "valid"],
    ["sha384", sign("sha384"), "valid"],
    ["sha512", sign("sha512"), "valid"],
    ["upper-case hex", sign("sha256").toUpperCase().replace("SHA256", "sha256"), "valid"],
    ["another secret", sign("sha256", "other"), "wrong"],
    ["a cut signature", sign("sha256").slice(0, 40), "wrong"],
    ["no header", null, "missing"],
    ["an empty header", "  ", "missing"],
    ["md5", sign("md5"), "unsupported"],
    ["no method", "abcdef", "wrong"],
  ])("%s", (_name, header, expected) => {
    expect(checkSignature(header, body, secret)).toBe(expected);
  });
});

describe("judgePoll: polling as a safety net", () => {
  const now = new Date("2026-12-03T12:00:00Z");
  const hour = 3_600_000;
  const decision = (dueInMs: number, intervalSeconds = 3600): Decision => ({
    next: { intervalSeconds } as Decision["next"],
    nextDueAt: new Date(now.getTime() + dueInMs),
    reason: "adaptive",
    hostRetryAfterUntil: null,
    events: [],
  });
  const verified: PushStanding = {
    state: "verified",
    hubUrl: HUB,
    verifiedAt: new Date(now.getTime() - 10 * hour),
    leaseExpiresAt: new Date(now.getTime() + 100 * hour),
    missedPushAt: null,
  };
  const judge = (standing: PushStanding | null, previousPollAt: Date | null, newArticles: number, due = hour) =>
    judgePoll({ standing, decision: decision(due), now, previousPollAt, newArticles });

  it("stretches the next poll to a day and counts the polls it saves", () => {
    const verdict = judge(verified, new Date(now.getTime() - 24 * hour), 0);
    expect(verdict.kind).toBe("stretch");
    if (verdict.kind !== "stretch") return;
    expect(verdict.decision.nextDueAt.getTime()).toBe(now.getTime() + PUSHED_POLL_SECONDS * 1000);
    expect(verdict.decision.reason).toBe("pushed by hub.example (WebSub): polled once a day as a safety net");
    expect(verdict.requestsSaved).toBe(23);
  });
  it("keeps a later schedule (a Retry-After, a backoff) and saves nothing", () => {
    const verdict = judge(verified, null, 0, 30 * hour);
    expect(verdict).toMatchObject({ kind: "stretch", requestsSaved: 0, decision: { reason: "adaptive" } });
  });
  it("marks a hub missing pushes when a poll made since verification finds a new entry", () => {
    expect(judge(verified, new Date(now.getTime() - 5 * hour), 1).kind).toBe("missed");
  });
  it("forgives entries found by the first poll after verification: they may predate it", () => {
    expect(judge(verified, new Date(now.getTime() - 11 * hour), 2).kind).toBe("stretch");
  });
  it.each([
    ["no subscription", null],
    ["pending", { ...verified, state: "pending" }],
    ["denied", { ...verified, state: "denied" }],
    ["lease ended", { ...verified, leaseExpiresAt: new Date(now.getTime() - 1) }],
    ["missing pushes", { ...verified, missedPushAt: new Date(now.getTime() - hour) }],
  ])("polls normally when %s", (_name, standing) => {
    expect(judge(standing as PushStanding | null, new Date(now.getTime() - hour), 1).kind).toBe("normal");
  });
});

describe("planHubRequest and its times", () => {
  const now = new Date("2026-12-03T12:00:00Z");
  const due = (fields: Partial<DueSubscription>): DueSubscription => ({
    sourceId: 1,
    sourceEnabled: true,
    state: "verified",
    pendingMode: null,
    failedRequests: 0,
    leaseSeconds: 3600,
    leaseExpiresAt: new Date(now.getTime() + 600_000),
    nextRequestAt: now,
    ...fields,
  });
  it.each([
    ["a followed source is (re)subscribed", due({}), { action: "send", mode: "subscribe", unverified: false }],
    [
      "a request never verified counts",
      due({ state: "pending", pendingMode: "subscribe" }),
      { action: "send", mode: "subscribe", unverified: true },
    ],
    [
      "a paused source waits (its lease lapses)",
      due({ sourceEnabled: false }),
      { action: "wait", reason: "its source is paused" },
    ],
    [
      "a removed source is unsubscribed",
      due({ sourceId: null, sourceEnabled: null }),
      { action: "send", mode: "unsubscribe", unverified: false },
    ],
    [
      "a removed, denied one is forgotten",
      due({ sourceId: null, sourceEnabled: null, state: "denied" }),
      { action: "forget", reason: "the hub had denied it" },
    ],
    [
      "a removed one whose lease ended is forgotten",
      due({ sourceId: null, sourceEnabled: null, leaseExpiresAt: new Date(now.getTime() - 1) }),
      { action: "forget", reason: "its lease has ended" },
    ],
    [
      "an unsubscription unconfirmed three times is given up",
      due({ sourceId: null, sourceEnabled: null, pendingMode: "unsubscribe", failedRequests: 2 }),
      { action: "forget", reason: "3 requests to the hub failed or went unconfirmed" },
    ],
  ])("%s", (_name, subscription, expected) => {
    expect(planHubRequest(subscription, now)).toEqual(expected);
  });
  it("renews at 90% of the lease", () => {
    expect(renewalTime(now, 3600).getTime()).toBe(now.getTime() + 3240_000);
  });
  it.each([
    [1, null, 15 * 60_000],
    [3, null, 60 * 60_000],
    [30, null, 24 * 3_600_000],
    [3, new Date(now.getTime() + 20 * 60_000), 10 * 60_000],
  ])("retries after %i failures (lease ending %s) in %i ms", (failures, lease, waitMs) => {
    expect(retryTime(failures, now, lease).getTime() - now.getTime()).toBe(waitMs);
  });
});

describe("describePushState", () => {
  const now = new Date("2026-12-03T12:00:00Z");
  const fields = {
    state: "verified",
    hubUrl: HUB,
    verifiedAt: now,
    leaseExpiresAt: new Date(now.getTime() + 1000),
    missedPushAt: null,
    lastError: null,
  };
  it.each([
    ["pushing", fields, "verified", true, /^hub\.example pushes new entries/],
    ["missing pushes", { ...fields, missedPushAt: now }, "verified", false, /is missing pushes/],
    ["lease ended", { ...fields, leaseExpiresAt: now }, "failing", false, /lease at hub\.example has ended/],
    [
      "denied",
      { ...fields, state: "denied", lastError: "denied by the hub: no" },
      "denied",
      false,
      /denied the subscription \(denied by the hub: no\)/,
    ],
    [
      "failing",
      { ...fields, state: "failing", lastError: "the hub answered HTTP 503" },
      "failing",
      false,
      /failing \(the hub answered HTTP 503\)/,
    ],
    ["pending", { ...fields, state: "pending" }, "pending", false, /^waiting for hub\.example/],
  ])("%s", (_case, subscription, name, pushing, words) => {
    const state = describePushState(subscription, now);
    expect([state.name, state.pushing]).toEqual([name, pushing]);
    expect(state.words).toMatch(words);
  });
});

describe("hub links in feed documents", () => {
  const parse = async (body: string, contentType = "application/xml") =>
    parseFeed({ body: Buffer.from(body), contentType, url: FEED });
  it.each([
    [
      "Atom link elements",
      `<feed xmlns="http://www.w3.org/2005/Atom"><title>t</title><link rel="hub" href="${HUB}"/><link rel="self" href="/self.xml"/></feed>`,
      { hubs: [HUB], self: "https://blog.example/self.xml" },
    ],
    [
      "atom:link in RSS",
      `<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom"><channel><title>t</title><atom:link rel="hub" href="${HUB}"/><atom:link rel="hub" href="https://second.example/"/></channel></rss>`,
      { hubs: [HUB, "https://second.example/"], self: null },
    ],
    [
      "JSON Feed hubs",
      JSON.stringify({
        version: "https://jsonfeed.org/version/1.1",
        title: "t",
        feed_url: FEED,
        hubs: [
          { type: "rssCloud", url: "https://cloud.example/" },
          { type: "WebSub", url: HUB },
        ],
        items: [],
      }),
      { hubs: [HUB], self: FEED },
    ],
    ["a feed naming no hub", `<rss version="2.0"><channel><title>t</title></channel></rss>`, undefined],
  ])("%s", async (_name, body, expected) => {
    const parsed = await parse(body, body.startsWith("{") ? "application/feed+json" : "application/xml");
    expect(parsed.ok && parsed.feed.websub).toEqual(expected);
  });
});

describe("TIDINGS_PUBLIC_URL", () => {
  const parse = (value: string) => parseEnv({ NODE_ENV: "test", TIDINGS_PUBLIC_URL: value }).TIDINGS_PUBLIC_URL;
  it("is kept without its trailing slash", () => {
    expect(parse("https://reader.example.com/")).toBe("https://reader.example.com");
  });
  it.each([
    "ftp://reader.example.com",
    "https://user:pw@reader.example.com",
    "https://reader.example.com/?a=1",
    "reader",
  ])("refuses %j with a line naming it", (value) => {
    expect(() => parse(value)).toThrow(/TIDINGS_PUBLIC_URL/);
  });
});
