// Removing a source deleted its daily roll-ups, and with them part of tidings_fetches_total and the
// byte counters: Prometheus reads a counter that falls as a restart. What removed sources counted is
// now kept, so the counters only ever rise.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFreshDatabase, type FreshDatabase } from "@/tests/helpers/fresh-database";
import { feed, SAMPLE_RSS, startPublisher, status, type Publisher } from "@/tests/helpers/publisher";
import { addDueSource, makeAllDue, testRoundSettings } from "@/tests/helpers/round-fixtures";
import { readExposition, sampleValue } from "@/tests/helpers/read-exposition";
import { runRound } from "@/lib/pipeline/round/run-round";
import { removeSource } from "@/lib/pipeline/store/sources/remove-source";
import { renderMetrics } from "@/lib/reads/health/render-metrics";
import { readerId } from "@/tests/helpers/reader-user";

let database: FreshDatabase;
let publisher: Publisher;

beforeAll(async () => {
  database = await createFreshDatabase();
  publisher = await startPublisher({
    "/kept.xml": feed({ body: SAMPLE_RSS, etag: '"kept"' }),
    "/removed.xml": feed({ body: SAMPLE_RSS }),
    "/broken.xml": status(503),
  });
});
afterAll(async () => {
  await publisher?.close();
  await database?.dispose();
});

async function counters(): Promise<(number | undefined)[]> {
  const families = readExposition(await renderMetrics(database.db));
  return [
    sampleValue(families, "tidings_fetches_total", { outcome: "ok" }),
    sampleValue(families, "tidings_fetches_total", { outcome: "not_modified" }),
    sampleValue(families, "tidings_fetches_total", { outcome: "error" }),
    sampleValue(families, "tidings_bytes_received_total", {}),
    sampleValue(families, "tidings_bytes_saved_by_304_total", {}),
  ];
}

describe("the /metrics counters when sources are removed", () => {
  it("never go down", async () => {
    await addDueSource(database.db, publisher.url("/kept.xml"));
    const removed = await addDueSource(database.db, publisher.url("/removed.xml"));
    const broken = await addDueSource(database.db, publisher.url("/broken.xml"));
    await runRound(database.db, testRoundSettings(), { trigger: "cli" });
    await makeAllDue(database.db);
    await runRound(database.db, testRoundSettings(), { trigger: "cli" });
    const before = await counters();
    expect(before.slice(0, 3)).toEqual([3, 1, 2]);
    expect(before[3]).toBeGreaterThan(0);

    await removeSource(database.db, { userId: await readerId(database.db), sourceId: removed });
    await removeSource(database.db, { userId: await readerId(database.db), sourceId: broken });
    expect(await counters()).toEqual(before);

    await makeAllDue(database.db);
    await runRound(database.db, testRoundSettings(), { trigger: "cli" });
    const after = await counters();
    expect(after.slice(0, 3)).toEqual([3, 2, 2]);
    after.forEach((value, index) => expect(value).toBeGreaterThanOrEqual(before[index]!));
    expect(after.every((value) => value !== undefined)).toBe(true);
  });
});
