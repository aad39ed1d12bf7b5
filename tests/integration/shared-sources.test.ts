// Two readers following one feed (issue 25): the source is shared, so its publisher gets one
// request per interval whoever follows it, while each reader's reading, starring, "mark all read",
// pause and unsubscribing stay theirs. The users are made directly in the database (logins are
// not this test's subject).
import { beforeEach, describe, expect, it } from "vitest";
import { setUpRoundWorld } from "@/tests/helpers/round-world";
import { feed, rssFeed } from "@/tests/helpers/publisher";
import { makeAllDue, testRoundSettings } from "@/tests/helpers/round-fixtures";
import { createMember, readerId, unreadCountOf } from "@/tests/helpers/reader-user";
import { compareUnreadCounts } from "@/tests/helpers/seed-articles";
import { runRound } from "@/lib/pipeline/round/run-round";
import { subscribe } from "@/lib/reads/sources/subscribe";
import { markRead, updateArticleState } from "@/lib/pipeline/store/reading/article-state";
import { ALL_ARTICLES } from "@/lib/base/article-scope";
import { setSubscriptionPaused } from "@/lib/pipeline/store/sources/subscription-pause";
import { removeSource } from "@/lib/pipeline/store/sources/remove-source";

const world = setUpRoundWorld();
const item = (n: number) => ({
  guid: `urn:shared:${n}`,
  title: `Post ${n}`,
  link: `https://publisher.example/${n}`,
  pubDate: new Date(Date.UTC(2026, 10, n, 12)).toUTCString(),
});

let ada = 0;
let bob = 0;
beforeEach(async () => {
  await world.database.db.user.deleteMany({ where: { role: "member" } });
  ada = await readerId(world.database.db);
  bob = await createMember(world.database.db, "bob");
});

const db = () => world.database.db;
const run = () => runRound(db(), testRoundSettings(), { trigger: "cli" });
const follow = (userId: number, path: string) =>
  subscribe(db(), testRoundSettings(), { userId, url: world.publisher.url(path) });
const unreadOf = async (userId: number) =>
  (await db().unreadArticle.findMany({ where: { userId }, orderBy: { articleId: "asc" } })).map((row) => row.articleId);
const starredOf = async (userId: number) =>
  (await db().starredArticle.findMany({ where: { userId }, orderBy: { articleId: "asc" } })).map(
    (row) => row.articleId,
  );
const sourceState = async (id: number) =>
  db().source.findUnique({ where: { id }, select: { enabled: true, disabledReason: true } });

describe("two readers, one feed", () => {
  it("costs the publisher one request per interval, and each reads, stars and marks all read on their own", async () => {
    world.publisher.setRoute("/shared.xml", feed({ body: rssFeed({ items: [item(1), item(2), item(3)] }) }));
    const first = await follow(ada, "/shared.xml");
    expect(first).toMatchObject({ status: "subscribed", newArticles: 3 });
    if (first.status !== "subscribed") return;
    // The second subscriber joins the source: no request, and the feed's current items unread.
    const second = await follow(bob, "/shared.xml");
    expect(second).toMatchObject({ status: "subscribed", sourceId: first.sourceId, newArticles: 3 });
    expect(world.publisher.requestsTo("/shared.xml")).toHaveLength(1);
    const articles = (await db().article.findMany({ orderBy: { id: "asc" } })).map((row) => row.id);
    expect(await unreadOf(bob)).toEqual(articles);

    // One round, one request, a new article unread for both.
    world.publisher.setRoute("/shared.xml", feed({ body: rssFeed({ items: [item(1), item(2), item(3), item(4)] }) }));
    await makeAllDue(db());
    await run();
    expect(world.publisher.requestsTo("/shared.xml")).toHaveLength(2);
    const all = (await db().article.findMany({ orderBy: { id: "asc" } })).map((row) => row.id);
    expect(all).toHaveLength(4);
    expect([await unreadOf(ada), await unreadOf(bob)]).toEqual([all, all]);

    // Ada reads one and stars another; Bob's state does not move.
    await updateArticleState(db(), { userId: ada, id: all[0]!, read: true, now: new Date() });
    await updateArticleState(db(), { userId: ada, id: all[1]!, starred: true, now: new Date() });
    expect([await unreadOf(ada), await starredOf(ada)]).toEqual([all.slice(1), [all[1]]]);
    expect([await unreadOf(bob), await starredOf(bob)]).toEqual([all, []]);
    // Bob marks everything read; Ada keeps her three unread.
    const marked = await markRead(db(), {
      userId: bob,
      scope: ALL_ARTICLES,
      olderThan: null,
      maxId: null,
      now: new Date(),
    });
    expect(marked).toEqual(all);
    expect([await unreadOf(ada), await unreadOf(bob)]).toEqual([all.slice(1), []]);
    expect([await unreadCountOf(db(), first.sourceId, ada), await unreadCountOf(db(), first.sourceId, bob)]).toEqual([
      3, 0,
    ]);
    for (const row of await compareUnreadCounts(db())) expect(row.stored, `user ${row.userId}`).toBe(row.counted);
    // Bob cannot mark Ada's state, nor an article of a source he does not follow.
    world.publisher.setRoute("/own.xml", feed({ body: rssFeed({ items: [{ ...item(9), guid: "urn:own:9" }] }) }));
    const own = await follow(ada, "/own.xml");
    if (own.status !== "subscribed") throw new Error("subscribed expected");
    const [ownArticle] = await db().article.findMany({ where: { sourceId: own.sourceId }, select: { id: true } });
    expect(
      await updateArticleState(db(), { userId: bob, id: ownArticle!.id, starred: true, now: new Date() }),
    ).toBeNull();
    expect(await starredOf(bob)).toEqual([]);
  });

  it("pauses the source only when every subscriber has paused it", async () => {
    world.publisher.setRoute("/pause.xml", feed({ body: rssFeed({ items: [item(1)] }) }));
    const subscribed = await follow(ada, "/pause.xml");
    if (subscribed.status !== "subscribed") throw new Error("subscribed expected");
    await follow(bob, "/pause.xml");
    const sourceId = subscribed.sourceId;
    const pause = (userId: number, paused: boolean) =>
      setSubscriptionPaused(db(), { userId, sourceId, paused, now: new Date() });
    await pause(ada, true);
    expect(await sourceState(sourceId)).toEqual({ enabled: true, disabledReason: null });
    await pause(bob, true);
    expect(await sourceState(sourceId)).toEqual({ enabled: false, disabledReason: "user" });
    // Paused by all: the round asks nothing.
    await makeAllDue(db());
    await run();
    expect(world.publisher.requestsTo("/pause.xml")).toHaveLength(1);
    await pause(ada, false);
    expect(await sourceState(sourceId)).toEqual({ enabled: true, disabledReason: null });
  });

  it("keeps the source while anyone follows it, and removes it with its articles when the last one leaves", async () => {
    world.publisher.setRoute("/leave.xml", feed({ body: rssFeed({ items: [item(1), item(2)] }) }));
    const subscribed = await follow(ada, "/leave.xml");
    if (subscribed.status !== "subscribed") throw new Error("subscribed expected");
    await follow(bob, "/leave.xml");
    const sourceId = subscribed.sourceId;
    expect(await removeSource(db(), { userId: ada, sourceId })).toMatchObject({ articles: 0 });
    expect(await sourceState(sourceId)).not.toBeNull();
    expect(await db().article.count({ where: { sourceId } })).toBe(2);
    expect([await unreadOf(ada), (await unreadOf(bob)).length]).toEqual([[], 2]);
    expect(await removeSource(db(), { userId: ada, sourceId })).toBeNull();
    expect(await removeSource(db(), { userId: bob, sourceId })).toMatchObject({ articles: 2 });
    expect(await sourceState(sourceId)).toBeNull();
    expect(await db().article.count({ where: { sourceId } })).toBe(0);
  });
});
