// What the health pages read about WebSub (issue 28), through the process-wide client as Server
// Components do: one source's subscription, the pushed sources of a publisher, the subscriptions
// the health page lists, and push rows in the fetch log (shown as pushes, never counted as requests).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFreshDatabase, type FreshDatabase } from "@/tests/helpers/fresh-database";
import { forget } from "@/lib/base/remember";
import { disconnectDb } from "@/lib/db/client";
import { createSource } from "@/lib/pipeline/store/sources/create-source";
import { countPushedSources, getWebSubHealth, listWebSubNotices } from "@/lib/features/websub/get-websub-health";
import { listRecentOutcomes } from "@/lib/reads/sources/list-recent-outcomes";
import { getMedianDuration } from "@/lib/reads/health/get-median-duration";
import { getOutcomeWindows } from "@/lib/reads/health/get-outcome-windows";
import { useWebPasswordGate } from "@/tests/helpers/gate-with-password";
import { readerId } from "@/tests/helpers/reader-user";

let database: FreshDatabase;
const NOW = new Date();
const HOUR = 3_600_000;
const at = (offsetMs: number) => new Date(NOW.getTime() + offsetMs);
const ids: Record<string, number> = {};

async function subscribe(name: string, fields: Record<string, unknown>): Promise<void> {
  ids[name] = await createSource(database.db, {
    userId: await readerId(database.db),
    feedUrl: `https://blog.example/${name}.xml`,
    title: name,
    customTitle: null,
    folderName: null,
  });
  await database.db.webSubSubscription.create({
    data: {
      sourceId: ids[name]!,
      hubUrl: "https://hub.example/",
      topicUrl: `https://blog.example/${name}.xml`,
      callbackToken: `${name}`.padEnd(43, "x"),
      secret: "secret",
      nextRequestAt: at(HOUR),
      ...fields,
    },
  });
}

const verified = { state: "verified", verifiedAt: at(-HOUR), leaseExpiresAt: at(100 * HOUR) };

beforeAll(async () => {
  database = await createFreshDatabase();
  process.env.DATABASE_URL = database.url;
  for (const name of ["env", "database-target", "prisma"]) forget(name);
  await subscribe("pushed", { ...verified, pushCount: 4, requestsSaved: 46, lastPushAt: at(-HOUR / 2) });
  await subscribe("missing", { ...verified, missedPushAt: at(-HOUR), pushCount: 1, requestsSaved: 5 });
  await subscribe("denied", { state: "denied", lastError: "denied by the hub: not here" });
  await subscribe("lapsed", { ...verified, leaseExpiresAt: at(-1000) });
  await subscribe("pending", { state: "pending", pendingMode: "subscribe" });
  const row = (outcome: string, offsetMs: number, durationMs: number) => ({
    sourceId: ids.pushed!,
    startedAt: at(offsetMs),
    outcome,
    durationMs,
    httpStatus: outcome === "push" ? null : 200,
  });
  await database.db.fetch.createMany({
    data: [row("ok", -3 * HOUR, 400), row("push", -2 * HOUR, 0), row("push", -HOUR, 0), row("ok", -HOUR / 2, 600)],
  });
});
afterAll(async () => {
  await disconnectDb();
  await database?.dispose();
});

describe("the WebSub health reads", () => {
  it("describe one source's subscription", async () => {
    expect(await getWebSubHealth(ids.pushed!, NOW)).toMatchObject({
      name: "verified",
      pushing: true,
      missingPushes: false,
      pushCount: 4,
      requestsSaved: 46,
      words: "hub.example pushes new entries; the feed is polled once a day as a safety net.",
    });
    expect(await getWebSubHealth(ids.missing!, NOW)).toMatchObject({
      name: "verified",
      pushing: false,
      missingPushes: true,
    });
    expect(await getWebSubHealth(ids.lapsed!, NOW)).toMatchObject({ name: "failing", pushing: false });
  });

  it("count a publisher's pushed sources", async () => {
    expect(await countPushedSources(Object.values(ids), NOW)).toEqual({
      subscribed: 5,
      pushed: 1,
      pushes: 5,
      requestsSaved: 51,
    });
  });

  it("list the subscriptions that need attention: missing pushes, denied, lapsed; not the healthy or pending", async () => {
    const notices = await listWebSubNotices(NOW);
    expect(notices.map((notice) => notice.title).sort()).toEqual(["denied", "lapsed", "missing"]);
    expect(notices.find((notice) => notice.title === "missing")!.state.words).toMatch(/missing pushes/);
  });

  it("show pushes in the outcome strips but count only requests in the figures", async () => {
    expect((await listRecentOutcomes(10)).get(ids.pushed!)).toBe("oppo");
    const windows = await getOutcomeWindows(ids.pushed!, NOW);
    expect(windows.d7.total).toBe(2);
    // The median of the two requests (400, 600 ms): the pushes' 0 ms are not the publisher's time.
    expect(await getMedianDuration(ids.pushed!, NOW, windows.d7.total)).toEqual({ medianMs: 500, fetches: 2 });
  });
});

describe("the callback behind a web password", () => {
  const gate = useWebPasswordGate("reader.example:3000");

  it("lets hubs reach /api/websub/ with no session, and nothing else", async () => {
    expect(await gate(`/api/websub/${"a".repeat(43)}?hub.mode=subscribe`)).toBeNull();
    expect((await gate("/api/articles"))?.status).toBe(401);
    expect((await gate("/api/websubscriptions"))?.status).toBe(401);
  });
});
