// Notification attempts and cleared alerts were never pruned: the tables grew for ever. The prune
// schedule the server runs now keeps them to the fetch log's retention, open alerts excepted.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFreshDatabase, type FreshDatabase } from "@/tests/helpers/fresh-database";
import { createSource } from "@/lib/pipeline/store/sources/create-source";
import { RETENTION_DAYS } from "@/lib/pipeline/store/fetch/prune-fetch-log";
import { pruneAlertHistory } from "@/lib/features/alerts/prune-alert-history";
import { startPruneSchedule, stopPruneSchedule } from "@/lib/entry/server/prune-schedule";
import { readerId } from "@/tests/helpers/reader-user";

let database: FreshDatabase;
const DAY_MS = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  database = await createFreshDatabase();
});
afterAll(async () => {
  await database?.dispose();
});

/** An alert with its two outbox rows and `attempts` delivery attempts at the given times. */
async function seedAlert(input: {
  kind: string;
  startedAt: Date;
  clearedAt: Date | null;
  attemptsAt: Date[];
}): Promise<number> {
  const sourceId = await createSource(database.db, {
    userId: await readerId(database.db),
    feedUrl: `https://${input.kind}-${input.startedAt.getTime()}.example/feed`,
    title: input.kind,
    customTitle: null,
    folderName: null,
  });
  const alert = await database.db.alert.create({
    data: {
      kind: "broken",
      sourceId,
      startedAt: input.startedAt,
      clearedAt: input.clearedAt,
      reason: input.kind,
      openKey: input.clearedAt === null ? `broken:${sourceId}` : null,
    },
  });
  const events = input.clearedAt === null ? ["alert.started"] : ["alert.started", "alert.cleared"];
  for (const event of events) {
    const notification = await database.db.notification.create({
      data: {
        alertId: alert.id,
        event,
        payload: "{}",
        createdAt: input.startedAt,
        nextAttemptAt: input.startedAt,
        deliveredAt: input.startedAt,
      },
    });
    for (const at of input.attemptsAt)
      await database.db.notificationAttempt.create({
        data: { notificationId: notification.id, at, durationMs: 12, httpStatus: 200 },
      });
  }
  return alert.id;
}

const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);

describe("the alert history", () => {
  it("keeps recent and open alerts, drops old attempts and alerts cleared before the retention", async () => {
    const old = await seedAlert({
      kind: "old",
      startedAt: daysAgo(200),
      clearedAt: daysAgo(150),
      attemptsAt: [daysAgo(200)],
    });
    const recent = await seedAlert({
      kind: "recent",
      startedAt: daysAgo(20),
      clearedAt: daysAgo(10),
      attemptsAt: [daysAgo(20)],
    });
    const open = await seedAlert({
      kind: "open",
      startedAt: daysAgo(300),
      clearedAt: null,
      attemptsAt: [daysAgo(300), daysAgo(RETENTION_DAYS - 1)],
    });

    startPruneSchedule(database.db, { firstAfterMs: 0, everyMs: 60 * 60 * 1000 });
    try {
      await expect
        .poll(() => database.db.alert.count({ where: { id: old } }), { timeout: 10_000, interval: 100 })
        .toBe(0);
    } finally {
      await stopPruneSchedule();
    }
    expect(
      (await database.db.alert.findMany({ select: { id: true }, orderBy: { id: "asc" } })).map((a) => a.id),
    ).toEqual([recent, open]);
    expect(await database.db.notification.count({ where: { alertId: old } })).toBe(0);
    const kept = await database.db.notificationAttempt.findMany({ select: { at: true } });
    expect(kept).toHaveLength(3); // the recent alert's two (20 days old) and the open one's within the retention
    expect(kept.every(({ at }) => at > daysAgo(RETENTION_DAYS))).toBe(true);
    expect(await database.db.notificationAttempt.count({ where: { notification: { alertId: open } } })).toBe(1);
  });

  it("prunes nothing more the second time", async () => {
    expect(await pruneAlertHistory(database.db, new Date())).toEqual({ attempts: 0, alerts: 0 });
  });
});
