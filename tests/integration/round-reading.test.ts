import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { setUpRoundWorld } from "@/tests/helpers/round-world";
import { feed } from "@/tests/helpers/publisher";
import { addDueSource, testRoundSettings } from "@/tests/helpers/round-fixtures";
import { runRound } from "@/lib/pipeline/round/run-round";

const world = setUpRoundWorld();
const FIXTURES = path.resolve(__dirname, "../fixtures/feeds");

const MALFORMED = [
  '<?xml version="1.0" encoding="utf-8"?><rss version="2.0"><channel><title>Broken</title>',
  "<item><guid>urn:b:1</guid><title>Kept one</title><link>https://broken.example/1</link></item>",
  "<item><guid>urn:b:2</guid><title>Kept two</title><link>https://broken.example/2?a=1&b=2</link></item>",
  "</channel></rss", // the publisher lost the last ">"
].join("");

describe("how a body was read reaches the fetch row", () => {
  it("an undeclared KOI8-R feed is detected, and a malformed one is recovered and flagged", async () => {
    // No charset anywhere: the bytes alone say KOI8-R.
    world.publisher.setRoute(
      "/koi8.xml",
      feed({
        body: readFileSync(path.join(FIXTURES, "encodings/koi8-r-undeclared.xml")),
        contentType: "application/rss+xml",
      }),
    );
    world.publisher.setRoute("/broken.xml", feed({ body: MALFORMED }));
    const koi8 = await addDueSource(world.database.db, world.publisher.url("/koi8.xml"));
    const broken = await addDueSource(world.database.db, world.publisher.url("/broken.xml"));

    await runRound(world.database.db, testRoundSettings(), { trigger: "cli" });

    const koi8Fetch = await world.database.db.fetch.findFirst({ where: { sourceId: koi8 } });
    expect(koi8Fetch).toMatchObject({
      outcome: "ok",
      encoding: "koi8-r",
      encodingSource: "detected",
      xmlRecovery: null,
      newArticles: 2,
    });
    const titles = await world.database.db.article.findMany({ where: { sourceId: koi8 }, select: { title: true } });
    expect(titles.map((row) => row.title)).toContain("Как пережить зиму в городе");

    const brokenFetch = await world.database.db.fetch.findFirst({ where: { sourceId: broken } });
    expect(brokenFetch).toMatchObject({
      outcome: "ok",
      errorKind: null,
      encoding: "utf-8",
      encodingSource: "http", // the publisher helper sends charset=utf-8
      xmlRecovery: "recovered from malformed XML: Unclosed root tag (line 1, column 300)",
      newArticles: 2,
    });
    const links = await world.database.db.article.findMany({
      where: { sourceId: broken },
      orderBy: { url: "asc" },
      select: { url: true },
    });
    expect(links.map((row) => row.url)).toEqual(["https://broken.example/1", "https://broken.example/2?a=1&b=2"]);
  });
});
