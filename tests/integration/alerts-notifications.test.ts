import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { setUpRoundWorld } from "@/tests/helpers/round-world";
import { churningEtag, feed, rssFeed, status } from "@/tests/helpers/publisher";
import { addDueSource, makeAllDue, testRoundSettings } from "@/tests/helpers/round-fixtures";
import { startReceiver, type Receiver } from "@/tests/helpers/notify-receiver";
import { runRound } from "@/lib/pipeline/round/run-round";
import { DEFAULT_POLICY_SETTINGS } from "@/lib/pipeline/policy";
import { drainOutbox, type DrainReport } from "@/lib/features/notify/drain-outbox";
import { readNotifyTarget } from "@/lib/features/notify/notify-target";
import { writeSetting } from "@/lib/settings/setting-store";
import type { NotificationDocument } from "@/lib/features/notify/format-notification";
import { addLoggedFetches } from "@/tests/helpers/scheduled-fetches";

const world = setUpRoundWorld();
let receiver: Receiver;
const NO_ENV = { TIDINGS_NOTIFY_URL: undefined, TIDINGS_NOTIFY_FORMAT: undefined };

beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver?.close();
});
beforeEach(async () => {
  await world.database.db.alert.deleteMany();
  await world.database.db.setting.deleteMany();
  await writeSetting(world.database.db, "notifyUrl", receiver.url);
  receiver.posts.splice(0);
});

const item = (n: number, description = "A short post.") => ({
  guid: `urn:a:${n}`,
  title: `Post ${n}`,
  link: `https://publisher.example/${n}`,
  pubDate: "Mon, 01 Jan 2024 10:00:00 GMT",
  description,
});
const SMALL = rssFeed({ items: [item(1)] });
// The same items, each carrying ten times more text: the whole body is well over 5× the usual.
const LARGE = rssFeed({ items: [item(1, "x".repeat(SMALL.length * 8))] });

async function round(): Promise<void> {
  await makeAllDue(world.database.db);
  // The breaker opens after two counted errors here (five by default): fewer rounds, same rule.
  const report = await runRound(
    world.database.db,
    testRoundSettings({ policy: { ...DEFAULT_POLICY_SETTINGS, breakerThreshold: 2 } }),
    { trigger: "cli" },
  );
  expect(report.status).toBe("completed");
}

/** One pass of the sender, `laterMs` after now (a retry waits out its backoff). */
async function deliver(laterMs = 0): Promise<DrainReport> {
  return drainOutbox(world.database.db, {
    holder: "test-sender",
    target: await readNotifyTarget(world.database.db, NO_ENV),
    timeoutMs: 2000,
    // The receiver is on loopback: allowed because the configured URL names this machine, not
    // because private networks are open.
    allowPrivateNetworks: false,
    userAgent: "Tidings-test",
    now: () => new Date(Date.now() + laterMs),
  });
}

async function alertsOf(sourceId: number) {
  return world.database.db.alert.findMany({ where: { sourceId }, orderBy: { id: "asc" } });
}

const documents = () =>
  receiver.posts.filter((post) => post.answered === 200).map((post) => JSON.parse(post.body) as NotificationDocument);

/** Starts, is delivered exactly once after a 500, and (later) clears with one more delivery. */
async function expectStartedAndDeliveredOnce(sourceId: number, kind: string, reasonPart: RegExp): Promise<void> {
  const [alert] = await alertsOf(sourceId);
  expect(alert).toMatchObject({ kind, clearedAt: null });
  expect(alert!.reason).toMatch(reasonPart);
  receiver.answerNext(500);
  expect(await deliver()).toEqual({ attempted: 1, delivered: 0, failed: 0 });
  // Not due again until its backoff (30 s) has passed: nothing is sent now.
  expect(await deliver()).toEqual({ attempted: 0, delivered: 0, failed: 0 });
  expect(await deliver(60_000)).toEqual({ attempted: 1, delivered: 1, failed: 0 });
  expect(await deliver(120_000)).toEqual({ attempted: 0, delivered: 0, failed: 0 });
  expect(receiver.posts.map((post) => post.answered)).toEqual([500, 200]);
  // The same delivery id both times, so a receiver could drop a repeat.
  expect(receiver.posts[0]!.headers["x-tidings-delivery"]).toBe(receiver.posts[1]!.headers["x-tidings-delivery"]);
  const source = await world.database.db.source.findUniqueOrThrow({ where: { id: sourceId } });
  expect(documents()).toEqual([
    {
      event: "alert.started",
      source: { id: sourceId, title: source.title, feedUrl: source.feedUrl },
      alert: kind,
      since: alert!.startedAt.toISOString(),
      reason: alert!.reason,
      url: `/sources/${sourceId}`,
    },
  ]);
}

async function expectClearedAndDeliveredOnce(sourceId: number, kind: string): Promise<void> {
  const alerts = await alertsOf(sourceId);
  expect(alerts).toHaveLength(1);
  expect(alerts[0]!.clearedAt).not.toBeNull();
  expect(await deliver()).toEqual({ attempted: 1, delivered: 1, failed: 0 });
  expect(await deliver(3_600_000)).toEqual({ attempted: 0, delivered: 0, failed: 0 });
  expect(documents().map((document) => [document.event, document.alert])).toEqual([
    ["alert.started", kind],
    ["alert.cleared", kind],
  ]);
}

describe("alerts after a round, delivered through the outbox", () => {
  it("a source turned broken (breaker open) raises one alert, delivered once after a 500, which clears when it recovers", async () => {
    world.publisher.setRoute("/broken.xml", feed({ body: SMALL }));
    const id = await addDueSource(world.database.db, world.publisher.url("/broken.xml"));
    await round();
    world.publisher.setRoute("/broken.xml", status(503));
    await round();
    expect(await alertsOf(id)).toEqual([]);
    await round();
    expect((await world.database.db.source.findUniqueOrThrow({ where: { id } })).breakerState).toBe("open");
    await expectStartedAndDeliveredOnce(id, "broken", /circuit breaker opened after 2 errors in a row.*http_5xx/);
    // Still broken after another failed probe: the same alert, no second start.
    await round();
    expect(await alertsOf(id)).toHaveLength(1);
    expect(await world.database.db.notification.count()).toBe(1);

    world.publisher.setRoute("/broken.xml", feed({ body: SMALL }));
    await round();
    await expectClearedAndDeliveredOnce(id, "broken");
  });

  it("an ETag that changes on every fetch while the body does not raises validator churn, which clears at the first 304", async () => {
    world.publisher.setRoute("/churn.xml", feed({ body: SMALL, etag: churningEtag() }));
    const id = await addDueSource(world.database.db, world.publisher.url("/churn.xml"));
    for (let count = 0; count < 3; count += 1) await round();
    expect(await alertsOf(id)).toEqual([]);
    await round();
    const fetches = await world.database.db.fetch.findMany({ where: { sourceId: id }, orderBy: { id: "asc" } });
    expect(fetches.map((row) => [row.outcome, row.bodyUnchanged, row.conditional])).toEqual([
      ["ok", false, false],
      ["ok", true, true],
      ["ok", true, true],
      ["ok", true, true],
    ]);
    await expectStartedAndDeliveredOnce(id, "validator_churn", /last 3 fetches each got new validators/);

    // The publisher fixes its ETag: one more 200 (our stored ETag is an old one), then 304s.
    world.publisher.setRoute("/churn.xml", feed({ body: SMALL, etag: '"stable"' }));
    await round();
    expect((await alertsOf(id))[0]!.clearedAt).toBeNull();
    await round();
    await expectClearedAndDeliveredOnce(id, "validator_churn");
  });

  it("a response more than 5× the 30-day median raises a size alert, which clears when the size is back", async () => {
    world.publisher.setRoute("/size.xml", feed({ body: SMALL }));
    const id = await addDueSource(world.database.db, world.publisher.url("/size.xml"));
    for (let count = 0; count < 4; count += 1) await round();
    expect(await alertsOf(id)).toEqual([]);
    world.publisher.setRoute("/size.xml", feed({ body: LARGE }));
    await round();
    await expectStartedAndDeliveredOnce(id, "size_jump", /× its 30-day median of/);

    world.publisher.setRoute("/size.xml", feed({ body: SMALL }));
    await round();
    await expectClearedAndDeliveredOnce(id, "size_jump");
  });
});

describe("the fleet drift alert", () => {
  /** Fetch rows of the last hours with a known drift (a scheduled fetch that started late). */
  async function addDriftRows(sourceId: number, count: number, driftMs: number): Promise<void> {
    const startedAt = new Date(Date.now() - 3600_000);
    await addLoggedFetches(
      world.database.db,
      Array.from({ length: count }, () => ({
        sourceId,
        startedAt,
        durationMs: 10,
        outcome: "not_modified",
        httpStatus: 304,
        driftMs,
      })),
    );
  }

  it("starts when the drift p95 of the last 24 h is over 15 min, and clears when it is back under", async () => {
    world.publisher.setRoute("/fleet.xml", feed({ body: SMALL }));
    const id = await addDueSource(world.database.db, world.publisher.url("/fleet.xml"));
    // 18 on time (1 min) and 2 at 20 min: with the round's own fetch, 2 of 21 are late and the
    // nearest-rank p95 (the 20th value) is 20 min.
    await addDriftRows(id, 18, 60_000);
    await addDriftRows(id, 2, 20 * 60_000);
    await round();
    const [alert] = await world.database.db.alert.findMany({ where: { kind: "fleet_drift" } });
    expect(alert).toMatchObject({ sourceId: null, clearedAt: null });
    expect(alert!.reason).toMatch(/started 20 min or more after it was due \(p95 of 21 fetches/);
    expect(await deliver()).toEqual({ attempted: 1, delivered: 1, failed: 0 });
    expect(documents()).toEqual([
      {
        event: "alert.started",
        source: null,
        alert: "fleet_drift",
        since: alert!.startedAt.toISOString(),
        reason: alert!.reason,
        url: "/health#attention",
      },
    ]);

    // 20 more on time: 2 late of 42, the p95 (the 40th value) is on time again.
    await addDriftRows(id, 20, 60_000);
    await round();
    expect((await world.database.db.alert.findUniqueOrThrow({ where: { id: alert!.id } })).clearedAt).not.toBeNull();
    expect(await deliver()).toEqual({ attempted: 1, delivered: 1, failed: 0 });
    expect(documents().map((document) => document.event)).toEqual(["alert.started", "alert.cleared"]);
  });
});

describe("the sender's guard and limits", () => {
  it("refuses a notify URL on a private address that is not this machine, without retrying", async () => {
    world.publisher.setRoute("/gone.xml", status(410));
    const id = await addDueSource(world.database.db, world.publisher.url("/gone.xml"));
    await writeSetting(world.database.db, "notifyUrl", "http://10.255.255.1:9/hook");
    await round();
    expect((await alertsOf(id)).map((alert) => [alert.kind, alert.reason])).toEqual([
      ["broken", "the publisher answered 410 Gone: Tidings stopped polling it"],
    ]);
    expect(await deliver()).toEqual({ attempted: 1, delivered: 0, failed: 1 });
    const attempts = await world.database.db.notificationAttempt.findMany();
    expect(attempts).toHaveLength(1);
    expect(attempts[0]!.error).toMatch(/not a public address \(private\)/);
    expect(await deliver(3_600_000)).toEqual({ attempted: 0, delivered: 0, failed: 0 });
    expect(receiver.posts).toEqual([]);
  });

  it("writes no outbox row while no notify URL is configured, and still keeps the alert", async () => {
    await world.database.db.setting.deleteMany();
    world.publisher.setRoute("/gone2.xml", status(410));
    const id = await addDueSource(world.database.db, world.publisher.url("/gone2.xml"));
    await round();
    expect(await alertsOf(id)).toHaveLength(1);
    expect(await world.database.db.notification.count()).toBe(0);
  });
});
