import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createFreshDatabase, type FreshDatabase } from "@/tests/helpers/fresh-database";
import { startPublisher, status, type Publisher } from "@/tests/helpers/publisher";
import { addDueSource, testRoundSettings } from "@/tests/helpers/round-fixtures";
import { startReceiver, type Receiver } from "@/tests/helpers/notify-receiver";
import { runRound } from "@/lib/pipeline/round/run-round";
import { drainOutbox, MAX_ATTEMPTS } from "@/lib/features/notify/drain-outbox";
import { claimDueNotifications, recordNotificationAttempt } from "@/lib/features/notify/notification-store";
import { notifySettingsSchema, readNotifyTarget } from "@/lib/features/notify/notify-target";
import { saveNotifySettings } from "@/lib/features/notify/save-notify-settings";
import { writeSetting, readSetting } from "@/lib/settings/setting-store";
import { listOpenAlerts, writeAlertPlan } from "@/lib/features/alerts/alert-store";

let database: FreshDatabase;
let publisher: Publisher;
let receiver: Receiver;
const NO_ENV = { TIDINGS_NOTIFY_URL: undefined, TIDINGS_NOTIFY_FORMAT: undefined };

beforeAll(async () => {
  database = await createFreshDatabase();
  publisher = await startPublisher({ "/gone.xml": status(410) });
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver?.close();
  await publisher?.close();
  await database?.dispose();
});
beforeEach(async () => {
  await database.db.source.deleteMany();
  await database.db.setting.deleteMany();
  await database.db.lease.deleteMany();
  receiver.posts.splice(0);
});

/** A gone source and one round: one alert, one outbox row. */
async function oneAlert(): Promise<void> {
  await writeSetting(database.db, "notifyUrl", receiver.url);
  await addDueSource(database.db, publisher.url("/gone.xml"));
  await runRound(database.db, testRoundSettings(), { trigger: "cli" });
  expect(await database.db.notification.count()).toBe(1);
}

const drain = async (holder: string, laterMs = 0) =>
  drainOutbox(database.db, {
    holder,
    target: await readNotifyTarget(database.db, NO_ENV),
    timeoutMs: 2000,
    allowPrivateNetworks: false,
    userAgent: "t",
    now: () => new Date(Date.now() + laterMs),
  });

describe("the outbox across senders", () => {
  it("two senders (two instances) draining at once deliver the change once", async () => {
    await oneAlert();
    const reports = await Promise.all([drain("instance-a"), drain("instance-b")]);
    expect(reports.map((report) => report.delivered).sort()).toEqual([0, 1]);
    expect(receiver.posts).toHaveLength(1);
    expect(await drain("instance-a", 3_600_000)).toEqual({ attempted: 0, delivered: 0, failed: 0 });
  });

  it("a row claimed by a sender that died is sent once its claim has expired, and not before", async () => {
    await oneAlert();
    await database.db.notification.updateMany({
      data: { claimedBy: "dead-instance", claimedUntil: new Date(Date.now() + 60_000) },
    });
    expect(await drain("instance-b")).toEqual({ attempted: 0, delivered: 0, failed: 0 });
    expect(await drain("instance-b", 61_000)).toEqual({ attempted: 1, delivered: 1, failed: 0 });
    expect(receiver.posts).toHaveLength(1);
  });

  it("a sender whose claim was taken over records nothing: the new holder's attempt is the one logged", async () => {
    await oneAlert();
    const [row] = await claimDueNotifications(database.db, { now: new Date(), holder: "slow", claimMs: 1, limit: 1 });
    // The slow sender's claim expires; another instance claims the row and delivers it.
    expect(await drain("instance-b", 1_000)).toEqual({ attempted: 1, delivered: 1, failed: 0 });
    const late = await recordNotificationAttempt(database.db, {
      id: row!.id,
      holder: "slow",
      at: new Date(),
      durationMs: 5,
      httpStatus: 200,
      error: null,
      next: { delivered: true },
    });
    expect(late).toBe(false);
    expect(await database.db.notificationAttempt.count()).toBe(1);
    expect((await database.db.notification.findFirstOrThrow()).attempts).toBe(1);
  });

  it("gives up after the capped number of attempts, each later than the one before", async () => {
    await oneAlert();
    receiver.answerNext(...Array.from({ length: MAX_ATTEMPTS }, () => 503));
    let laterMs = 0;
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
      expect((await drain("s", laterMs)).attempted).toBe(1);
      // Backing off: not due again at once.
      expect((await drain("s", laterMs)).attempted).toBe(0);
      laterMs += 2 * 3_600_000;
    }
    const row = await database.db.notification.findFirstOrThrow();
    expect([row.attempts, row.deliveredAt, row.failure]).toEqual([
      MAX_ATTEMPTS,
      null,
      `HTTP 503 (attempt ${MAX_ATTEMPTS} of at most ${MAX_ATTEMPTS}; not retried)`,
    ]);
    expect(await drain("s", laterMs)).toEqual({ attempted: 0, delivered: 0, failed: 0 });
    expect(receiver.posts).toHaveLength(MAX_ATTEMPTS);
  });

  it("a 404 from the receiver (a wrong URL) is not retried", async () => {
    await oneAlert();
    receiver.answerNext(404);
    expect(await drain("s")).toEqual({ attempted: 1, delivered: 0, failed: 1 });
    expect(await drain("s", 3_600_000)).toEqual({ attempted: 0, delivered: 0, failed: 0 });
  });

  it("a row waiting when the notify URL is removed is given up with the reason", async () => {
    await oneAlert();
    await saveNotifySettings(database.db, { url: "", format: "tidings" });
    expect(await drain("s")).toEqual({ attempted: 0, delivered: 0, failed: 1 });
    expect((await database.db.notification.findFirstOrThrow()).failure).toBe("no notify URL is configured");
    expect(receiver.posts).toEqual([]);
  });
});

describe("two instances writing the same change", () => {
  it("start one alert with one outbox row, and clear it with one more", async () => {
    const id = await addDueSource(database.db, publisher.url("/gone.xml"));
    const context = {
      now: new Date(),
      notify: true,
      sources: new Map([[id, { id, title: "t", feedUrl: "u" }]]),
      linkTo: () => "/health",
    };
    const start = { start: [{ kind: "broken" as const, sourceId: id, reason: "gone" }], clear: [] };
    const starts = await Promise.all([
      writeAlertPlan(database.db, start, context),
      writeAlertPlan(database.db, start, context),
    ]);
    expect(starts.map((report) => report.started).sort()).toEqual([0, 1]);
    const open = await listOpenAlerts(database.db);
    expect(open).toHaveLength(1);
    const clear = { start: [], clear: open };
    const clears = await Promise.all([
      writeAlertPlan(database.db, clear, context),
      writeAlertPlan(database.db, clear, context),
    ]);
    expect(clears.map((report) => report.cleared).sort()).toEqual([0, 1]);
    expect((await database.db.notification.findMany({ orderBy: { id: "asc" } })).map((row) => row.event)).toEqual([
      "alert.started",
      "alert.cleared",
    ]);
  });
});

describe("where notifications go", () => {
  it("the environment wins over the settings page; without it the stored URL and format are used", async () => {
    await saveNotifySettings(database.db, { url: "https://ntfy.example/topic", format: "ntfy" });
    expect(await readNotifyTarget(database.db, NO_ENV)).toEqual({
      url: new URL("https://ntfy.example/topic"),
      format: "ntfy",
      from: "settings",
    });
    expect(
      await readNotifyTarget(database.db, {
        TIDINGS_NOTIFY_URL: "http://127.0.0.1:8080/message?token=t",
        TIDINGS_NOTIFY_FORMAT: "gotify",
      }),
    ).toEqual({
      url: new URL("http://127.0.0.1:8080/message?token=t"),
      format: "gotify",
      from: "environment",
    });
  });

  it("bad input is refused by the form's schema with a message and changes nothing", async () => {
    await saveNotifySettings(database.db, { url: "https://ntfy.example/topic", format: "ntfy" });
    const parsed = notifySettingsSchema.safeParse({ url: "javascript:alert(1)", format: "ntfy" });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toMatch(/http:\/\/ or https:\/\/ URL/);
    expect([await readSetting(database.db, "notifyUrl"), await readSetting(database.db, "notifyFormat")]).toEqual([
      "https://ntfy.example/topic",
      "ntfy",
    ]);
  });

  it("a stored value that is no longer valid is ignored, not sent to", async () => {
    await writeSetting(database.db, "notifyUrl", "file:///etc/passwd");
    expect(await readNotifyTarget(database.db, NO_ENV)).toBeNull();
  });
});

describe("an evaluation that fails", () => {
  it("never fails the round: the fetch is stored, the failure is recorded for the health page", async () => {
    const own = await createFreshDatabase();
    try {
      const id = await addDueSource(own.db, publisher.url("/gone.xml"));
      // The alert tables gone: every evaluation now fails at its first read.
      await own.db.$executeRawUnsafe(`DROP TABLE "NotificationAttempt"`);
      await own.db.$executeRawUnsafe(`DROP TABLE "Notification"`);
      await own.db.$executeRawUnsafe(`DROP TABLE "Alert"`);
      const report = await runRound(own.db, testRoundSettings(), { trigger: "cli" });
      expect(report.status).toBe("completed");
      expect(await own.db.fetch.count({ where: { sourceId: id } })).toBe(1);
      const failure = JSON.parse((await readSetting(own.db, "alertsEvaluationFailure"))!) as {
        at: string;
        message: string;
      };
      expect(failure.message).toMatch(/Alert/);
      expect(await own.db.lease.count({ where: { expiresAt: { gt: new Date() } } })).toBe(0);
    } finally {
      await own.dispose();
    }
  });
});
