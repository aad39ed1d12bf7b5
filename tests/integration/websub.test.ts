// WebSub, subscriber side (issue 28), against a local hub that follows the Recommendation
// (tests/helpers/websub-hub.ts), a local publisher and Tidings' callback on a loopback server:
// three hosts. The hub's requests go to the hub; the feed's polls go to the publisher.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createFreshDatabase, type FreshDatabase } from "@/tests/helpers/fresh-database";
import { feed, rssFeed, startPublisher, type Publisher } from "@/tests/helpers/publisher";
import { startHub, type Hub } from "@/tests/helpers/websub-hub";
import { startCallbackServer, type CallbackServer } from "@/tests/helpers/websub-callback-server";
import { addDueSource, makeAllDue, testRoundSettings } from "@/tests/helpers/round-fixtures";
import { runRound } from "@/lib/pipeline/round/run-round";
import { onClock } from "@/lib/pipeline/round/round-settings";
import { createVirtualClock, systemClock, type Clock } from "@/lib/base/clock";
import { removeSource } from "@/lib/pipeline/store/sources/remove-source";
import { setSourceEnabled } from "@/lib/pipeline/store/sources/set-source-enabled";
import { PUSHED_POLL_SECONDS } from "@/lib/pipeline/websub/push-schedule";
import { describePushState } from "@/lib/features/websub/describe-push-state";
import type { WebSubSettings } from "@/lib/pipeline/websub/websub-settings";
import { readerId, unreadCountOf } from "@/tests/helpers/reader-user";

const world = {} as { database: FreshDatabase; publisher: Publisher; hub: Hub; callback: CallbackServer };
let clock: Clock = systemClock;
const LEASE_SECONDS = 3600;
const rate = { maxPushes: 5, windowMs: 60_000 };

beforeAll(async () => {
  world.database = await createFreshDatabase();
  world.publisher = await startPublisher({}, { host: "127.10.28.1" });
  world.hub = await startHub({ host: "127.10.28.2" });
  world.callback = await startCallbackServer(
    world.database.db,
    { now: () => clock.now(), maxBodyBytes: 64 * 1024, rateLimit: rate, requestedLeaseSeconds: LEASE_SECONDS },
    "127.10.28.3",
  );
});
afterAll(async () => {
  await world.callback?.close();
  await world.hub?.close();
  await world.publisher?.close();
  await world.database?.dispose();
});
beforeEach(async () => {
  clock = systemClock;
  await world.database.db.webSubSubscription.deleteMany();
  await world.database.db.source.deleteMany();
  await world.database.db.lease.deleteMany();
  world.publisher.clearRequests();
  world.hub.reset();
});

const webSub = (): WebSubSettings => ({
  publicUrl: world.callback.origin,
  leaseSeconds: LEASE_SECONDS,
  userAgent: "Tidings/test (+https://reader.example; self-hosted feed reader; 1 subscriber)",
  timeoutMs: 3000,
  allowPrivateNetworks: true,
  allowPlainHttpHubs: true,
});
const settings = (withWebSub = true) => {
  const base = testRoundSettings({ webSub: withWebSub ? webSub() : null });
  return clock === systemClock ? base : onClock(base, clock);
};
const round = (withWebSub = true) => runRound(world.database.db, settings(withWebSub), { trigger: "cli" });
const db = () => world.database.db;

const item = (n: number) => ({
  guid: `urn:post:${n}`,
  title: `Post ${n}`,
  link: `https://publisher.example/${n}`,
  // An hour apart, recent: the policy's own interval for such a feed is short, well under a day.
  pubDate: new Date(Date.now() - (100 - n) * 3600_000).toUTCString(),
});
const topic = () => world.publisher.url("/topic.xml");

/** The publisher names the hub in its Link headers (§4), its topic a URL other than the one polled. */
function publishFeed(items: number[], links: "headers" | "document" = "headers") {
  const body = rssFeed({ items: items.map(item) });
  if (links === "document") {
    const withLinks = body
      .replace('<rss version="2.0">', `<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">`)
      .replace(
        "<channel>",
        `<channel><atom:link rel="hub" href="${world.hub.url}"/><atom:link rel="self" href="${topic()}"/>`,
      );
    world.publisher.setRoute("/feed.xml", feed({ body: withLinks }));
    return withLinks;
  }
  world.publisher.setRoute(
    "/feed.xml",
    feed({ body, headers: { Link: `<${world.hub.url}>; rel="hub", <${topic()}>; rel="self"` } }),
  );
  return body;
}

async function subscribedSource(): Promise<number> {
  publishFeed([1, 2]);
  const id = await addDueSource(db(), world.publisher.url("/feed.xml"));
  await round();
  await world.hub.settle();
  return id;
}

describe("discovery and subscription", () => {
  it("subscribes at the hub the Link headers name, with the self URL, a secret, a lease and a callback under the public URL", async () => {
    const id = await subscribedSource();
    expect(world.hub.requests).toHaveLength(1);
    const [request] = world.hub.requests;
    expect(request).toMatchObject({ mode: "subscribe", topic: topic(), leaseSeconds: String(LEASE_SECONDS) });
    expect(request!.callback).toMatch(new RegExp(`^${world.callback.origin}/api/websub/[A-Za-z0-9_-]{43}$`));
    expect(request!.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(request!.userAgent).toMatch(/^Tidings\//);
    // Only the feed was asked of the publisher; the subscription went to the hub.
    expect(world.publisher.requests.map((r) => r.path)).toEqual(["/feed.xml"]);
    const subscription = await db().webSubSubscription.findUniqueOrThrow({ where: { sourceId: id } });
    expect(subscription).toMatchObject({
      state: "verified",
      hubUrl: world.hub.url,
      topicUrl: topic(),
      leaseSeconds: 3600,
    });
    expect(subscription.leaseExpiresAt!.getTime() - subscription.verifiedAt!.getTime()).toBe(3600_000);
    expect(world.hub.subscribers()).toEqual([{ callback: request!.callback, topic: topic(), secret: request!.secret }]);
  });

  it("reads atom:link rel=hub and rel=self in the feed when the headers name no hub", async () => {
    publishFeed([1], "document");
    await addDueSource(db(), world.publisher.url("/feed.xml"));
    await round();
    await world.hub.settle();
    expect(world.hub.requests.map((r) => [r.mode, r.topic])).toEqual([["subscribe", topic()]]);
  });

  it("does not send its secret to a plain-http hub (§5.1): the hub is not asked, and the page says why", async () => {
    publishFeed([1]);
    const id = await addDueSource(db(), world.publisher.url("/feed.xml"));
    const strict = testRoundSettings({ webSub: { ...webSub(), allowPlainHttpHubs: false } });
    await runRound(db(), strict, { trigger: "cli" });
    expect(world.hub.requests).toEqual([]);
    const subscription = await db().webSubSubscription.findUniqueOrThrow({ where: { sourceId: id } });
    expect(subscription.state).toBe("failing");
    expect(subscription.lastError).toMatch(/plain http, where its secret would travel in clear/);
  });

  it("takes the hub's turn in the lanes: a hub host under a Retry-After hold is not asked, and the subscription says why", async () => {
    const until = new Date(Date.now() + 3600_000);
    await db().hostState.create({ data: { host: new URL(world.hub.url).hostname, retryAfterUntil: until } });
    try {
      publishFeed([1]);
      const id = await addDueSource(db(), world.publisher.url("/feed.xml"));
      await round();
      expect(world.hub.requests).toEqual([]);
      const subscription = await db().webSubSubscription.findUniqueOrThrow({ where: { sourceId: id } });
      expect(subscription.state).toBe("failing");
      expect(subscription.lastError).toBe(
        `${new URL(world.hub.url).hostname} asked to wait until ${until.toISOString()} (Retry-After): not asked`,
      );
    } finally {
      await db().hostState.deleteMany();
    }
  });

  it("subscribes nowhere without TIDINGS_PUBLIC_URL: the feed is polled as before", async () => {
    publishFeed([1]);
    await addDueSource(db(), world.publisher.url("/feed.xml"));
    await round(false);
    expect(world.hub.requests).toEqual([]);
    expect(await db().webSubSubscription.count()).toBe(0);
  });
});

describe("content distribution", () => {
  it("stores a signed push's entry with no poll, as a push in the fetch log that cost the publisher nothing", async () => {
    const id = await subscribedSource();
    const polls = world.publisher.requests.length;
    const answers = await world.hub.publish(topic(), rssFeed({ items: [3, 2, 1].map(item) }));
    expect(answers).toEqual([{ status: 204 }]);
    expect(world.publisher.requests).toHaveLength(polls);
    expect((await db().article.findMany({ where: { sourceId: id } })).map((a) => a.guid).sort()).toEqual([
      "urn:post:1",
      "urn:post:2",
      "urn:post:3",
    ]);
    const push = await db().fetch.findFirstOrThrow({ where: { sourceId: id, outcome: "push" } });
    expect(push).toMatchObject({ newArticles: 1, entriesSeen: 3, bytesReceived: 0, httpStatus: null, roundId: null });
    expect(await unreadCountOf(db(), id)).toBe(3);
    expect(await db().webSubSubscription.findUniqueOrThrow({ where: { sourceId: id } })).toMatchObject({
      pushCount: 1,
      droppedPushes: 0,
    });
  });

  it.each(["sha1", "sha384", "sha512"] as const)("accepts a body signed with %s", async (method) => {
    const id = await subscribedSource();
    expect(await world.hub.publish(topic(), rssFeed({ items: [item(4)] }), { signature: method })).toEqual([
      { status: 204 },
    ]);
    expect(await db().article.count({ where: { sourceId: id, guid: "urn:post:4" } })).toBe(1);
  });

  it.each(["none", "wrong"] as const)(
    "drops a body with a %s signature, stores nothing and still answers 2xx",
    async (signature) => {
      const id = await subscribedSource();
      const answers = await world.hub.publish(topic(), rssFeed({ items: [item(5)] }), { signature });
      expect(answers).toEqual([{ status: 202 }]);
      expect(await db().article.count({ where: { sourceId: id, guid: "urn:post:5" } })).toBe(0);
      expect(await db().fetch.count({ where: { sourceId: id, outcome: "push" } })).toBe(0);
      const subscription = await db().webSubSubscription.findUniqueOrThrow({ where: { sourceId: id } });
      expect(subscription).toMatchObject({ pushCount: 0, droppedPushes: 1 });
      expect(subscription.lastError).toMatch(signature === "none" ? /missing signature/ : /wrong signature/);
    },
  );

  it("refuses a body over the cap (413) and pushes over the per-subscription rate (429), storing nothing", async () => {
    const id = await subscribedSource();
    const huge = rssFeed({ items: [{ ...item(6), description: "x".repeat(70 * 1024) }] });
    expect(await world.hub.publish(topic(), huge)).toEqual([{ status: 413 }]);
    const statuses: number[] = [];
    for (let n = 0; n < rate.maxPushes + 2; n += 1)
      statuses.push(...(await world.hub.publish(topic(), rssFeed({ items: [item(7)] }))).map((a) => a.status));
    // The 413 took one turn of the window too.
    expect(statuses).toEqual([204, 204, 204, 204, 429, 429, 429]);
    expect(await db().article.count({ where: { sourceId: id, guid: "urn:post:6" } })).toBe(0);
  });
});

describe("verification of intent", () => {
  it("answers 404 to a verification Tidings never asked for, and to an unknown callback", async () => {
    const id = await subscribedSource();
    const { callbackToken } = await db().webSubSubscription.findUniqueOrThrow({ where: { sourceId: id } });
    const callback = `${world.callback.origin}/api/websub/${callbackToken}`;
    const challenge = { "hub.challenge": "c1", "hub.lease_seconds": "60" };
    const other = await world.hub.askCallback(callback, {
      ...challenge,
      "hub.mode": "subscribe",
      "hub.topic": "https://elsewhere.example/feed",
    });
    expect(other.status).toBe(404);
    const unsubscribe = await world.hub.askCallback(callback, {
      ...challenge,
      "hub.mode": "unsubscribe",
      "hub.topic": topic(),
    });
    expect(unsubscribe.status).toBe(404);
    const unknown = await world.hub.askCallback(`${world.callback.origin}/api/websub/${"A".repeat(43)}`, {
      ...challenge,
      "hub.mode": "subscribe",
      "hub.topic": topic(),
    });
    expect(unknown.status).toBe(404);
    const push = await fetch(`${world.callback.origin}/api/websub/nothing-here`, { method: "POST", body: "x" });
    expect(push.status).toBe(404);
    // It speaks only the hub protocol: GET (verification) and POST (distribution).
    const put = await fetch(callback, { method: "PUT", body: "x" });
    expect([put.status, put.headers.get("allow")]).toEqual([405, "GET, POST"]);
    // Nothing changed: the lease stands as the hub granted it.
    expect(await db().webSubSubscription.findUniqueOrThrow({ where: { sourceId: id } })).toMatchObject({
      state: "verified",
      leaseSeconds: 3600,
    });
  });

  it("records a denial with the hub's reason", async () => {
    world.hub.deny("this topic is not served here");
    const id = await subscribedSource();
    expect(world.hub.verifications.map((v) => v.mode)).toEqual(["denied"]);
    const subscription = await db().webSubSubscription.findUniqueOrThrow({ where: { sourceId: id } });
    expect(subscription.state).toBe("denied");
    expect(subscription.lastError).toBe("denied by the hub: this topic is not served here");
    expect(world.hub.subscribers()).toEqual([]);
  });

  it("marks a subscription failing when the hub refuses the request, and retries later", async () => {
    world.hub.refuseWith(503);
    const id = await subscribedSource();
    const subscription = await db().webSubSubscription.findUniqueOrThrow({ where: { sourceId: id } });
    expect(subscription).toMatchObject({ state: "failing", failedRequests: 1 });
    expect(subscription.lastError).toMatch(/^the hub answered HTTP 503/);
    expect(subscription.nextRequestAt.getTime()).toBeGreaterThan(Date.now() + 10 * 60_000);
  });
});

describe("leases, polling and unsubscription", () => {
  it("renews the lease before it ends, on a virtual clock", async () => {
    const virtual = createVirtualClock(new Date());
    clock = virtual;
    const id = await subscribedSource();
    const first = await db().webSubSubscription.findUniqueOrThrow({ where: { sourceId: id } });
    // 80% of the lease: nothing to do yet.
    virtual.advance(0.8 * LEASE_SECONDS * 1000);
    await round();
    expect(world.hub.requests).toHaveLength(1);
    // 95%: renewed (a subscribe request for the same topic and callback), before the lease ends.
    virtual.advance(0.15 * LEASE_SECONDS * 1000);
    await round();
    await world.hub.settle();
    expect(world.hub.requests.map((r) => [r.mode, r.callback])).toEqual([
      ["subscribe", first.callbackToken && world.hub.requests[0]!.callback],
      ["subscribe", world.hub.requests[0]!.callback],
    ]);
    const renewed = await db().webSubSubscription.findUniqueOrThrow({ where: { sourceId: id } });
    expect(renewed.verifiedAt!.getTime()).toBeLessThan(first.leaseExpiresAt!.getTime());
    expect(renewed.leaseExpiresAt!.getTime()).toBe(virtual.now().getTime() + LEASE_SECONDS * 1000);
    expect(renewed.state).toBe("verified");
  });

  it("returns the feed to normal polling when the lease ends unrenewed (the hub refused the renewal)", async () => {
    const virtual = createVirtualClock(new Date());
    clock = virtual;
    const id = await subscribedSource();
    world.hub.refuseWith(503);
    virtual.advance(0.95 * LEASE_SECONDS * 1000);
    await round();
    // Refused, but the lease still runs: the subscription stays verified and is retried before it ends.
    let subscription = await db().webSubSubscription.findUniqueOrThrow({ where: { sourceId: id } });
    expect(subscription).toMatchObject({ state: "verified", failedRequests: 1 });
    expect(subscription.nextRequestAt.getTime()).toBeLessThan(subscription.leaseExpiresAt!.getTime());
    virtual.advance(0.1 * LEASE_SECONDS * 1000);
    await makeAllDue(db());
    await round();
    const source = await db().source.findUniqueOrThrow({ where: { id } });
    expect(source.nextCheckReason).not.toMatch(/WebSub/);
    expect(source.nextDueAt.getTime()).toBeLessThan(virtual.now().getTime() + (PUSHED_POLL_SECONDS - 60) * 1000);
    subscription = await db().webSubSubscription.findUniqueOrThrow({ where: { sourceId: id } });
    expect(describePushState(subscription, virtual.now())).toMatchObject({ name: "failing", pushing: false });
    expect(world.hub.requests.map((r) => r.mode)).toEqual(["subscribe", "subscribe", "subscribe"]);
  });

  it("polls once a day while pushes arrive; a poll that finds an entry no push delivered returns the feed to polling", async () => {
    const id = await subscribedSource();
    // The poll after verification: stretched to a day, the polls saved counted.
    await makeAllDue(db());
    await round();
    let source = await db().source.findUniqueOrThrow({ where: { id } });
    expect(source.nextDueAt.getTime()).toBeGreaterThanOrEqual(Date.now() + (PUSHED_POLL_SECONDS - 60) * 1000);
    expect(source.nextCheckReason).toMatch(/^pushed by 127\.10\.28\.2:\d+ \(WebSub\)/);
    expect(
      (await db().webSubSubscription.findUniqueOrThrow({ where: { sourceId: id } })).requestsSaved,
    ).toBeGreaterThan(0);
    // An entry the hub never pushed, found by the daily poll.
    publishFeed([1, 2, 3]);
    await makeAllDue(db());
    await round();
    source = await db().source.findUniqueOrThrow({ where: { id } });
    expect(source.nextDueAt.getTime()).toBeLessThan(Date.now() + (PUSHED_POLL_SECONDS - 60) * 1000);
    expect(source.nextCheckReason).not.toMatch(/WebSub/);
    const subscription = await db().webSubSubscription.findUniqueOrThrow({ where: { sourceId: id } });
    expect(subscription.missedPushAt).not.toBeNull();
    // A push with a new entry shows the hub pushes again.
    await world.hub.publish(topic(), rssFeed({ items: [4, 3, 2, 1].map(item) }));
    expect((await db().webSubSubscription.findUniqueOrThrow({ where: { sourceId: id } })).missedPushAt).toBeNull();
  });

  it("drops pushes for a paused source (2xx) and lets its lease run out instead of renewing it", async () => {
    const virtual = createVirtualClock(new Date());
    clock = virtual;
    const id = await subscribedSource();
    await setSourceEnabled(db(), { sourceId: id, enabled: false, now: clock.now() });
    expect(await world.hub.publish(topic(), rssFeed({ items: [item(8)] }))).toEqual([{ status: 202 }]);
    expect(await db().article.count({ where: { sourceId: id, guid: "urn:post:8" } })).toBe(0);
    virtual.advance(0.95 * LEASE_SECONDS * 1000);
    await round();
    expect(world.hub.requests).toHaveLength(1);
  });

  it("unsubscribes at the hub when the source is removed, then forgets the subscription", async () => {
    const id = await subscribedSource();
    const { callbackToken } = await db().webSubSubscription.findUniqueOrThrow({ where: { sourceId: id } });
    await removeSource(db(), { userId: await readerId(db()), sourceId: id });
    await round();
    await world.hub.settle();
    expect(world.hub.requests.map((r) => r.mode)).toEqual(["subscribe", "unsubscribe"]);
    expect(world.hub.verifications.map((v) => [v.mode, v.status])).toEqual([
      ["subscribe", 200],
      ["unsubscribe", 200],
    ]);
    expect(world.hub.subscribers()).toEqual([]);
    expect(await db().webSubSubscription.count()).toBe(0);
    const late = await fetch(`${world.callback.origin}/api/websub/${callbackToken}`, { method: "POST", body: "x" });
    expect(late.status).toBe(404);
  });
});
