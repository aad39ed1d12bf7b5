// A source's "check at least every" from its edit form to the round: a quiet feed that the policy
// would check once a day is checked every 2 h once its person asks, through a real round against a
// real publisher and database.
import { describe, expect, it } from "vitest";
import { setUpRoundWorld } from "@/tests/helpers/round-world";
import { feed, rssFeed } from "@/tests/helpers/publisher";
import { makeAllDue, testRoundSettings } from "@/tests/helpers/round-fixtures";
import { subscribe } from "@/lib/reads/sources/subscribe";
import { runRound } from "@/lib/pipeline/round/run-round";
import { editSource } from "@/lib/reads/sources/edit-source";
import { editSourceSchema } from "@/lib/reads/sources/form-schemas";
import { readerId } from "@/tests/helpers/reader-user";

const world = setUpRoundWorld();
const DAY = 24 * 60 * 60 * 1000;
const settings = testRoundSettings();
const OLD = rssFeed({
  title: "Quiet",
  items: [0, 1, 2].map((n) => ({
    guid: `urn:q:${n}`,
    title: `Old ${n}`,
    link: `https://publisher.example/q/${n}`,
    pubDate: new Date(Date.now() - (300 + 30 * n) * DAY).toUTCString(),
  })),
});

const form = (checkEveryMinutes: string, url: string) =>
  editSourceSchema.safeParse({
    id: "1",
    url,
    title: "",
    folder: "",
    retentionDays: "",
    maxIntervalSeconds: checkEveryMinutes,
    enabled: "on",
  });

describe("check at least every", () => {
  it("refuses what is no number of minutes, and takes minutes as seconds", () => {
    const url = world.publisher.url("/quiet.xml");
    for (const bad of ["0", "-5", "two hours", "1.5", "43201"]) expect(form(bad, url).success, bad).toBe(false);
    const twoHours = form(" 120 ", url);
    expect(twoHours.success && twoHours.data.maxIntervalSeconds).toBe(7200);
    const empty = form("", url);
    expect(empty.success && empty.data.maxIntervalSeconds).toBeNull();
  });

  it("brings a quiet feed from a daily check to one every 2 h at the next round", async () => {
    world.publisher.setRoute("/quiet.xml", feed({ body: OLD, etag: '"q"' }));
    const result = await subscribe(world.database.db, settings, {
      userId: await readerId(world.database.db),
      url: world.publisher.url("/quiet.xml"),
    });
    const id = result.status === "subscribed" ? result.sourceId : 0;
    const before = await world.database.db.source.findUniqueOrThrow({ where: { id } });
    expect(before.intervalSeconds).toBe(24 * 3600);

    const saved = await editSource(
      world.database.db,
      { allowPrivateNetworks: true },
      {
        userId: await readerId(world.database.db),
        sourceId: id,
        url: world.publisher.url("/quiet.xml"),
        customTitle: null,
        folderName: null,
        enabled: true,
        maxIntervalSeconds: 7200,
        now: new Date(),
      },
    );
    expect(saved).toMatchObject({ status: "saved" });
    await makeAllDue(world.database.db);
    await runRound(world.database.db, settings, { trigger: "cli" });
    const after = await world.database.db.source.findUniqueOrThrow({ where: { id } });
    expect(after.maxIntervalSeconds).toBe(7200);
    expect(after.intervalSeconds).toBe(7200);
    expect(after.nextDueAt.getTime() - after.lastFetchedAt!.getTime()).toBeLessThanOrEqual(7200 * 1000);
    expect(after.nextCheckReason).toMatch(/checking every 2 h \(this source's maximum\)$/);
  });
});
