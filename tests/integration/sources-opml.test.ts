import { readFileSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createFreshDatabase, type FreshDatabase } from "@/tests/helpers/fresh-database";
import { runCli } from "@/tests/helpers/run-cli";
import { createSource } from "@/lib/pipeline/store/sources/create-source";
import { importOpml } from "@/lib/reads/sources/import-opml";
import { exportOpml } from "@/lib/reads/sources/export-opml";
import { parseOpml } from "@/lib/pipeline/parse/opml/parse-opml";
import { readerId } from "@/tests/helpers/reader-user";

const FIXTURE = path.resolve(__dirname, "../fixtures/opml/fifty-feeds.opml");
const NOT_OPML = path.resolve(__dirname, "../fixtures/opml/not-opml.txt");
const PUBLIC = { allowPrivateNetworks: false };

let database: FreshDatabase;
const scratch = mkdtempSync(path.join(tmpdir(), "tidings-opml-"));

beforeAll(async () => {
  database = await createFreshDatabase();
});
afterAll(async () => {
  await database.dispose();
  rmSync(scratch, { recursive: true, force: true });
});
beforeEach(async () => {
  await database.db.source.deleteMany();
  await database.db.userFolder.deleteMany();
});

describe("OPML import", () => {
  it("imports 50 feeds with their folders, skips duplicates and malformed entries with the reason, and fetches nothing", async () => {
    const existing = await createSource(database.db, {
      userId: await readerId(database.db),
      feedUrl: "https://feed-12.example/atom.xml",
      title: "Mine already",
      customTitle: null,
      folderName: null,
    });
    const before = new Date();
    const report = await importOpml(
      database.db,
      await readerId(database.db),
      readFileSync(FIXTURE, "utf8"),
      PUBLIC,
      before,
    );
    expect(report.ok).toBe(true);
    if (!report.ok) return;
    expect(report.added).toHaveLength(49);
    expect(report.skipped.map((skip) => [skip.title, skip.reason])).toEqual([
      ["Feed 01 again", "listed twice in this file"],
      ["Broken entry without an address", "no xmlUrl: neither a feed nor a folder"],
      ["Feed 50 twice", "listed twice in this file"],
      ["Sneaky script", "xmlUrl uses javascript: (only http and https feeds can be followed)"],
      ["Feed 12", `already subscribed as “Mine already” (source #${existing})`],
    ]);

    expect(await database.db.source.count()).toBe(50);
    // No fetch happened: the sources wait for the normal serial round, due at once.
    expect(await database.db.fetch.count()).toBe(0);
    const imported = (
      await database.db.source.findMany({
        where: { id: { not: existing } },
        include: { events: true, subscriptions: { include: { folder: true } } },
      })
    ).map(({ subscriptions, ...source }) => ({ ...source, ...subscriptions[0]!, id: source.id }));
    expect(
      imported.every(
        (source) => source.nextDueAt.getTime() <= Date.now() && source.enabled && source.lastOutcome === null,
      ),
    ).toBe(true);
    expect(imported.every((source) => source.events.length === 1 && source.events[0]!.kind === "added")).toBe(true);
    const folders = Object.fromEntries(
      (await database.db.userFolder.findMany({ include: { _count: { select: { subscriptions: true } } } })).map(
        (folder) => [folder.name, folder._count.subscriptions],
      ),
    );
    expect(folders).toEqual({ Tech: 19, News: 15, "Science & Nature": 10 });
    const seven = imported.find((source) => source.feedUrl === "https://feed-07.example/rss")!;
    expect([seven.title, seven.customTitle, seven.folder?.name, seven.siteUrl]).toEqual([
      'Feed 07 — Q&A "weekly"',
      null,
      "Tech",
      null,
    ]);
    expect(imported.find((source) => source.feedUrl === "https://feed-02.example/rss")!.siteUrl).toBe(
      "https://feed-02.example/",
    );
  });

  it("refuses private-network addresses unless TIDINGS_ALLOW_PRIVATE_NETWORKS is on", async () => {
    const text = `<opml version="2.0"><body><outline text="Router" xmlUrl="http://192.168.1.1/feed"/><outline text="Ok" xmlUrl="https://ok.example/feed"/></body></opml>`;
    const refused = await importOpml(database.db, await readerId(database.db), text, PUBLIC, new Date());
    expect(refused.ok && refused.skipped.map((skip) => skip.reason)).toEqual([
      expect.stringMatching(/192\.168\.1\.1 is not a public address/),
    ]);
    await database.db.source.deleteMany();
    const allowed = await importOpml(
      database.db,
      await readerId(database.db),
      text,
      { allowPrivateNetworks: true },
      new Date(),
    );
    expect(allowed.ok && allowed.added.length).toBe(2);
  });

  it("changes nothing for a file that is not OPML", async () => {
    const report = await importOpml(
      database.db,
      await readerId(database.db),
      readFileSync(NOT_OPML, "utf8"),
      PUBLIC,
      new Date(),
    );
    expect(report).toEqual({ ok: false, error: "not an XML file (OPML is XML: it starts with <?xml or <opml>)" });
    expect(await database.db.source.count()).toBe(0);
  });

  it("imports the same file twice without creating anything the second time", async () => {
    await importOpml(database.db, await readerId(database.db), readFileSync(FIXTURE, "utf8"), PUBLIC, new Date());
    const again = await importOpml(
      database.db,
      await readerId(database.db),
      readFileSync(FIXTURE, "utf8"),
      PUBLIC,
      new Date(),
    );
    expect(again.ok && again.added.length).toBe(0);
    expect(again.ok && again.skipped.filter((skip) => skip.reason.startsWith("already subscribed")).length).toBe(50);
    expect(await database.db.source.count()).toBe(50);
  });
});

describe("OPML export", () => {
  it("round-trips: the export lists the same feeds, titles, site links and folders as the file imported", async () => {
    await importOpml(database.db, await readerId(database.db), readFileSync(FIXTURE, "utf8"), PUBLIC, new Date());
    const exported = parseOpml(await exportOpml(database.db, await readerId(database.db), new Date()));
    const original = parseOpml(readFileSync(FIXTURE, "utf8"));
    expect(exported.ok && original.ok).toBe(true);
    if (!exported.ok || !original.ok) return;
    const key = (entry: { url: string }) => entry.url;
    expect([...exported.entries].sort((a, b) => key(a).localeCompare(key(b)))).toEqual(
      [...original.entries].sort((a, b) => key(a).localeCompare(key(b))),
    );
    expect(exported.skipped).toEqual([]);
  });

  it("exports the user's title when they set one, and no folder outline for unfiled sources", async () => {
    await createSource(database.db, {
      userId: await readerId(database.db),
      feedUrl: "https://x.example/feed",
      title: "Feed title",
      customTitle: "My name <for> it",
      folderName: null,
    });
    const text = await exportOpml(database.db, await readerId(database.db), new Date("2026-11-30T00:00:00Z"));
    expect(text).toContain(
      `<outline type="rss" text="My name &lt;for&gt; it" title="My name &lt;for&gt; it" xmlUrl="https://x.example/feed"/>`,
    );
    expect(text).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<opml version="2.0">/);
  });
});

describe("tidings import / tidings export", () => {
  it("imports a file, reports what it skipped and why, and exports it back", { timeout: 120_000 }, async () => {
    const env = { DATABASE_URL: database.url };
    const imported = await runCli(["import", FIXTURE], env);
    expect(imported.code).toBe(0);
    expect(imported.stdout).toContain(
      "skipped: Broken entry without an address: no xmlUrl: neither a feed nor a folder",
    );
    expect(imported.stdout).toContain("skipped: https://feed-01.example/rss: listed twice in this file");
    expect(imported.stdout).toContain("skipped: javascript:alert(document.cookie): xmlUrl uses javascript:");
    expect(imported.stdout).toMatch(/^imported 50 feeds, skipped 4; the next rounds fetch them one at a time$/m);

    const exported = await runCli(["export"], env);
    expect(exported.code).toBe(0);
    const parsed = parseOpml(exported.stdout);
    expect(parsed.ok && parsed.entries.length).toBe(50);

    const file = path.join(scratch, "out.opml");
    expect((await runCli(["export", "--output", file], env)).code).toBe(0);
    expect(readFileSync(file, "utf8")).toBe(
      exported.stdout.replace(
        /<dateCreated>.*<\/dateCreated>/,
        readFileSync(file, "utf8").match(/<dateCreated>.*<\/dateCreated>/)![0],
      ),
    );
  });

  it(
    "exits 1 with one line for a file that is not OPML or too big, and 2 without a file",
    { timeout: 120_000 },
    async () => {
      const env = { DATABASE_URL: database.url };
      const bad = await runCli(["import", NOT_OPML], env);
      expect([bad.code, bad.stderr.trim()]).toEqual([
        1,
        `tidings import: ${NOT_OPML}: not an XML file (OPML is XML: it starts with <?xml or <opml>)`,
      ]);
      const big = path.join(scratch, "big.opml");
      writeFileSync(big, `<opml><body>${" ".repeat(2 * 1024 * 1024)}</body></opml>`);
      const tooBig = await runCli(["import", big], env);
      expect(tooBig.code).toBe(1);
      expect(tooBig.stderr).toMatch(/the limit is 2097152/);
      const missing = await runCli(["import"], env);
      expect(missing.code).toBe(2);
      expect(await database.db.source.count()).toBe(0);
    },
  );
});
