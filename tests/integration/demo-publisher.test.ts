// The demo must show every behaviour it promises; this is its smoke test.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFreshDatabase, type FreshDatabase } from "@/tests/helpers/fresh-database";
import { makeAllDue, testRoundSettings } from "@/tests/helpers/round-fixtures";
import { startDemoPublisher, type DemoPublisher } from "@/scripts/demo/demo-publisher";
import { subscribe } from "@/lib/reads/sources/subscribe";
import { runRound } from "@/lib/pipeline/round/run-round";
import { readerId } from "@/tests/helpers/reader-user";

let database: FreshDatabase;
let publisher: DemoPublisher;

beforeAll(async () => {
  database = await createFreshDatabase();
  publisher = await startDemoPublisher({ newItemEveryMs: 60_000 });
});
afterAll(async () => {
  await publisher.close();
  await database.dispose();
});

describe("the demo publisher", () => {
  it("can be subscribed to in full, then shows ok, not_modified and every promised error within three rounds", async () => {
    const settings = testRoundSettings();
    for (const url of publisher.feedUrls) {
      const result = await subscribe(database.db, settings, { userId: await readerId(database.db), url });
      expect(result.status).toBe("subscribed");
    }
    expect(await database.db.article.count()).toBeGreaterThan(200);

    for (let round = 0; round < 3; round += 1) {
      await makeAllDue(database.db);
      await runRound(database.db, settings, { trigger: "cli" });
    }
    const outcomes = await database.db.fetch.groupBy({ by: ["outcome", "errorKind"], _count: { _all: true } });
    const seen = new Set(outcomes.map((row) => `${row.outcome}:${row.errorKind ?? ""}`));
    for (const expected of ["ok:", "not_modified:", "error:rate_limited", "error:gone", "error:http_5xx"])
      expect(seen).toContain(expected);

    const gone = await database.db.source.findFirstOrThrow({ where: { feedUrl: { contains: "rail-letters" } } });
    expect(gone).toMatchObject({ enabled: false, disabledReason: "gone" });
    const moved = await database.db.source.findFirstOrThrow({ where: { title: "Old Computers Club" } });
    expect(moved.feedUrl).toMatch(/^http:\/\/127\.0\.0\.\d+:\d+\/old-computers\/moved\/feed\.json$/);
    const churned = await database.db.fetch.findMany({
      where: { source: { title: "Small Web Weekly" } },
      orderBy: { id: "asc" },
    });
    expect(churned.slice(1).every((row) => row.outcome === "ok" && row.bodyUnchanged)).toBe(true);
  });
});
