// Every hostile case we have, the way production meets it: served by a publisher, fetched, parsed
// and stored by a real round, then opened one by one in the real reading view in Chromium. In
// the page, nothing may run (no dialog, no window.__pwned, not even an attempt the CSP had to
// stop), nothing may navigate or open a window, and nothing may be requested from a host that
// the stored, sanitized HTML does not name as an image, a medium or an allowed player.
//
// The cases: the project's own (tests/fixtures/feeds, and tests/fixtures/hostile-html.ts as one
// feed) and, when the shared corpus is present, feedparser's 369 wellformed/sanitize files.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { createFreshDatabase, testingPostgres, type FreshDatabase } from "@/tests/helpers/fresh-database";
import { startAppServer, type AppServer } from "@/tests/helpers/app-server";
import { launchChromium } from "@/tests/helpers/chromium";
import { feed, rssFeed, startPublisher, type Publisher } from "@/tests/helpers/publisher";
import { addDueSource, testRoundSettings } from "@/tests/helpers/round-fixtures";
import { seedArticles, seedSource } from "@/tests/helpers/seed-articles";
import { mediaUrlsOf, watchPage, type PageWatch } from "@/tests/helpers/page-watch";
import { HOSTILE_ARTICLE, HOSTILE_MARKUP_CASES } from "@/tests/fixtures/hostile-html";
import { runRound, type RoundReport } from "@/lib/pipeline/round/run-round";
import { sanitizeContent } from "@/lib/pipeline/parse/sanitize/sanitize-content";
import { SHARED_CORPUS } from "@/tests/helpers/shared-corpus";

const CORPUS = path.join(SHARED_CORPUS, "feedparser/tests/wellformed/sanitize");
const FIXTURES = path.resolve(__dirname, "../fixtures/feeds");

type Group = "fixtures" | "corpus";
type Subscription = { group: Group; name: string; path: string; body: Buffer | string; contentType?: string };
type StoredArticle = { id: number; label: string; content: string | null };

/** The corpus sources' folder: collapsed while articles are opened (see renderInOnePage). */
const CORPUS_FOLDER = "feedparser sanitize corpus";
// What the page shows does not depend on the database, and the corpus costs minutes: it is
// rendered in the SQLite run only (the PostgreSQL run still stores and renders the fixtures).
const corpusSkipped = !existsSync(CORPUS)
  ? "the shared corpus directory is absent"
  : testingPostgres()
    ? "the SQLite run renders it"
    : null;
const corpusFiles =
  corpusSkipped === null
    ? readdirSync(CORPUS)
        .filter((file) => file.endsWith(".xml"))
        .sort()
    : [];

/** The publisher's paths: every fixture feed, our hostile HTML as one feed, every corpus file. */
function subscriptions(): Subscription[] {
  const fixtures = readdirSync(FIXTURES, { recursive: true, encoding: "utf8" })
    .filter((file) => statSync(path.join(FIXTURES, file)).isFile())
    .sort()
    .map((file): Subscription => ({
      group: "fixtures",
      name: `fixtures/feeds/${file}`,
      path: `/fixtures/${file}`,
      body: readFileSync(path.join(FIXTURES, file)),
      contentType: file.endsWith(".json")
        ? "application/feed+json"
        : file.endsWith(".html")
          ? "text/html"
          : "application/xml",
    }));
  const cases: Array<[string, string]> = [
    ["the reader-security article", HOSTILE_ARTICLE],
    ...HOSTILE_MARKUP_CASES.map(([name, html]): [string, string] => [name, html]),
  ];
  const hostile = rssFeed({
    title: "Hostile cases",
    items: cases.map(([name, html], index) => ({
      guid: `urn:hostile:${index}`,
      title: name,
      link: `https://hostile.example/${index}`,
      description: html,
    })),
  });
  const corpus = corpusFiles.map((file): Subscription => ({
    group: "corpus",
    name: file,
    path: `/corpus/${file}`,
    body: readFileSync(path.join(CORPUS, file)),
  }));
  return [
    ...fixtures,
    { group: "fixtures", name: "fixtures/hostile-html.ts", path: "/hostile.xml", body: hostile },
    ...corpus,
  ];
}

/** HTML stored as if the sanitizer had been bypassed: the harness must see all of it. */
const EXFIL_PIXEL = `<img src="https://exfil.invalid/pixel.gif" width="1" height="1">`;
const RAW_HOSTILE = `${HOSTILE_ARTICLE}\n${EXFIL_PIXEL}`;
const RAW_REFRESH = `<p>Leaving soon.</p><meta http-equiv="refresh" content="1;url=/health">`;

let database: FreshDatabase;
let publisher: Publisher;
let server: AppServer;
let browser: Browser;
let round: RoundReport;
let roundMs = 0;
const subscribed: Array<Subscription & { sourceId: number }> = [];
const stored: Record<Group, StoredArticle[]> = { fixtures: [], corpus: [] };
const raw = { hostile: 0, refresh: 0 };

beforeAll(async () => {
  database = await createFreshDatabase();
  publisher = await startPublisher();
  for (const subscription of subscriptions()) {
    publisher.setRoute(subscription.path, feed({ body: subscription.body, contentType: subscription.contentType }));
    const folder = subscription.group === "corpus" ? CORPUS_FOLDER : null;
    subscribed.push({
      ...subscription,
      sourceId: await addDueSource(database.db, publisher.url(subscription.path), subscription.name, folder),
    });
  }
  // The production path: fetch, classify, parse (sanitize), store. No gap: one host serves all.
  const roundStarted = performance.now();
  round = await runRound(database.db, testRoundSettings({ budgetMs: 100_000 }), { trigger: "cli" });
  roundMs = performance.now() - roundStarted;
  const names = new Map(subscribed.map((entry) => [entry.sourceId, entry]));
  const articles = await database.db.article.findMany({
    select: { id: true, sourceId: true, title: true, content: true },
    orderBy: { id: "asc" },
  });
  for (const article of articles) {
    const source = names.get(article.sourceId)!;
    stored[source.group].push({
      id: article.id,
      label: `${source.name} "${article.title.slice(0, 60)}"`,
      content: article.content,
    });
  }
  const rawSource = await seedSource(database.db, { title: "Unsanitized (control)" });
  [raw.hostile, raw.refresh] = (await seedArticles(database.db, rawSource, [
    { title: "Raw hostile article", content: RAW_HOSTILE },
    { title: "Raw refresh article", content: RAW_REFRESH },
  ])) as [number, number];
  server = await startAppServer({ DATABASE_URL: database.url });
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await publisher?.close();
  await database?.dispose();
});

const hostsOf = (urls: Iterable<string>) => new Set([...urls].map((url) => new URL(url).host));

/** Pages side by side: an article's time goes mostly to waiting (the API, the browser), not to CPU. */
const PAGES = Number(process.env.SANITIZE_PAGES ?? 3);

type Rendered = { problems: string[]; withContent: number; outsideRequests: number };

/**
 * Opens every article in the reading view, a few pages side by side, each moving from article to
 * article as the reader does (its first article by a deep link, so that the server-rendered path
 * is taken too), and lists whatever the pages did that they should not have. Empty is the pass.
 */
async function renderAll(articles: StoredArticle[]): Promise<Rendered> {
  const labels = new Map(articles.map((article) => [article.id, article.label]));
  const allowedUrls = new Map(articles.map((article) => [article.id, mediaUrlsOf(article.content ?? "")]));
  const allowedHosts = hostsOf([...allowedUrls.values()].flatMap((urls) => [...urls]));
  const share = (page: number) => articles.filter((_, index) => index % PAGES === page);
  const parts = await Promise.all(
    Array.from({ length: Math.min(PAGES, articles.length) }, (_, page) =>
      renderInOnePage(share(page), { labels, allowedUrls, allowedHosts }),
    ),
  );
  return {
    problems: parts.flatMap((part) => part.problems),
    withContent: parts.reduce((sum, part) => sum + part.withContent, 0),
    outsideRequests: parts.reduce((sum, part) => sum + part.outsideRequests, 0),
  };
}

type Expectations = { labels: Map<number, string>; allowedUrls: Map<number, Set<string>>; allowedHosts: Set<string> };

async function renderInOnePage(
  articles: StoredArticle[],
  { labels, allowedUrls, allowedHosts }: Expectations,
): Promise<Rendered> {
  const watch = await watchPage(browser, server.url);
  try {
    const labelOf = (id: number | null) => (id === null ? "the page" : (labels.get(id) ?? `article ${id}`));
    const problems: string[] = [];
    let withContent = 0;
    await watch.goto(`/?view=all&article=${articles[0]!.id}`);
    // The whole page once, every source title in the sidebar; then the corpus folder is collapsed
    // as a reader would: the sidebar re-renders at every move, and its 400 rows dominated the time.
    problems.push(...(await documentProblems(watch)));
    const collapse = watch.page.getByRole("button", { name: `Collapse ${CORPUS_FOLDER}` });
    if (await collapse.count()) await collapse.click();
    for (const article of articles) {
      const inspection = await watch.showArticle(article.id);
      if (inspection.hasContent) withContent += 1;
      else if (article.content && inspection.findings.length === 0)
        problems.push(`${article.label}: its stored content is not shown`);
      problems.push(...inspection.findings.map((finding) => `${article.label}: ${finding}`));
      for (const url of inspection.resources) {
        if (!allowedUrls.get(article.id)!.has(url))
          problems.push(`${article.label}: the page would load ${url}, which its stored HTML does not name`);
      }
    }
    const report = await watch.report(1000);
    problems.push(...(await documentProblems(watch)));
    problems.push(
      ...report.violations.map(
        (violation) =>
          `${labelOf(violation.article)}: the CSP had to block ${violation.directive} ${violation.blocked}`,
      ),
    );
    if (report.pwned !== undefined) problems.push(`a payload ran: window.__pwned = ${String(report.pwned)}`);
    if (!report.sameDocument) problems.push("the reader's document was replaced");
    problems.push(...watch.dialogs.map((dialog) => `a dialog opened: ${dialog}`));
    problems.push(...watch.popups.map((popup) => `a window opened: ${popup}`));
    problems.push(...watch.navigations.map((url) => `the page navigated to ${url}`));
    for (const request of watch.outside) {
      if (!allowedHosts.has(new URL(request.url).host))
        problems.push(`${labelOf(request.article)}: request to an unexpected host: ${request.url}`);
    }
    return { problems, withContent, outsideRequests: watch.outside.length };
  } finally {
    await watch.close();
  }
}

/** The whole page (sidebar titles, list snippets, the view): no inline handler, no script without the nonce. */
async function documentProblems(watch: PageWatch): Promise<string[]> {
  return watch.page.evaluate(() => [
    ...[...document.querySelectorAll("*")].flatMap((element) =>
      [...element.attributes]
        .filter((attribute) => /^on/i.test(attribute.name))
        .map((attribute) => `<${element.localName} ${attribute.name}> in the page`),
    ),
    ...[...document.scripts]
      .filter((script) => !script.nonce && !(script.src && new URL(script.src).origin === location.origin))
      .map((script) => `a script without the page's nonce: ${script.outerHTML.slice(0, 120)}`),
  ]);
}

describe("the pipeline stores the cases", () => {
  it("fetches, parses and stores every subscribed feed in one round", async () => {
    expect(round.status).toBe("completed");
    if (round.status !== "completed") return;
    expect(round.tally.sourcesAttempted).toBe(subscribed.length);
    const sources = await database.db.source.findMany({
      where: { id: { in: subscribed.map((entry) => entry.sourceId) } },
      select: { id: true, lastOutcome: true },
    });
    const outcomes = new Map(sources.map((source) => [source.id, source.lastOutcome]));
    // feedparser's corpus is well-formed: every file parses. Our fixtures include feeds that must not.
    expect(
      subscribed
        .filter((entry) => entry.group === "corpus" && outcomes.get(entry.sourceId) !== "ok")
        .map((entry) => entry.name),
    ).toEqual([]);
    const hostileSource = subscribed.find((entry) => entry.path === "/hostile.xml")!;
    expect(await database.db.article.count({ where: { sourceId: hostileSource.sourceId } })).toBe(
      1 + HOSTILE_MARKUP_CASES.length,
    );
    const withArticles = new Set(
      await database.db.article
        .findMany({ distinct: ["sourceId"], select: { sourceId: true } })
        .then((rows) => rows.map((row) => row.sourceId)),
    );
    const feedLevelOnly = subscribed
      .filter((entry) => entry.group === "corpus" && !withArticles.has(entry.sourceId))
      .map((entry) => entry.name);
    console.log(
      `the round took ${(roundMs / 1000).toFixed(1)} s; stored ${stored.fixtures.length} articles from ${subscribed.length - corpusFiles.length} fixture feeds and ${stored.corpus.length} from ${corpusFiles.length} corpus files; ` +
        `${feedLevelOnly.length} corpus files have no item (their case is in the feed's title, subtitle, info or copyright: only the title is kept, and the sidebar shows it as text)`,
    );
  });
});

describe("the harness catches what it must (HTML stored raw, bypassing the sanitizer)", () => {
  it("sees a script and handlers blocked by the CSP, unsafe DOM, a call-out, a dialog and a window", async () => {
    const watch = await watchPage(browser, server.url);
    try {
      // Server-rendered: the parser meets the <script> and the CSP is what stops it.
      await watch.goto(`/?view=all&article=${raw.hostile}`);
      const inspection = await watch.showArticle(raw.hostile);
      expect(inspection.findings).toEqual(
        expect.arrayContaining([
          "<script> element",
          "<img onerror> attribute",
          "<a href> uses javascript:",
          "<svg> element",
          "<form> element",
          "<button formaction> attribute",
          expect.stringMatching(/^<p style> background-image loads url\(/),
          "<span style> sets position",
          "<span> is positioned absolute",
        ]),
      );
      // The detectors for what the CSP cannot stop, fired on purpose.
      await watch.page.evaluate(() => {
        alert("control");
        window.open("/api/health");
      });
      const report = await watch.report(1000);
      expect(report.violations.map((violation) => `${violation.directive} ${violation.blocked}`)).toEqual(
        expect.arrayContaining(["script-src-elem inline", "script-src-attr inline"]),
      );
      expect(watch.dialogs).toEqual(["alert: control"]);
      expect(watch.popups).toHaveLength(1);
      // The tracking pixel is not in what the sanitizer would have stored: an unexpected host.
      const allowedHosts = hostsOf(mediaUrlsOf(sanitizeContent(RAW_HOSTILE, "https://hostile.example/")));
      expect(
        watch.outside.map((request) => request.url).filter((url) => !allowedHosts.has(new URL(url).host)),
      ).toContain("https://exfil.invalid/pixel.gif");
    } finally {
      await watch.close();
    }
  });

  it("sees the main frame navigate away (a meta refresh)", async () => {
    const watch = await watchPage(browser, server.url);
    try {
      // Not waiting for the reader to hydrate: on a busy machine the refresh may come first.
      await watch.goto(`/?view=all&article=${raw.refresh}`, { waitForReader: false });
      await expect.poll(() => watch.navigations, { timeout: 15_000 }).toContain(`${server.url}/health`);
      expect((await watch.report(0)).sameDocument).toBe(false);
    } finally {
      await watch.close();
    }
  });
});

describe("in the reading view, nothing hostile runs, navigates or calls out", () => {
  it("for the project's own fixtures and hostile cases", async () => {
    const { problems, withContent, outsideRequests } = await renderAll(stored.fixtures);
    console.log(
      `fixtures: ${stored.fixtures.length} articles opened (${withContent} with content), ${outsideRequests} requests to their media hosts aborted`,
    );
    expect(problems).toEqual([]);
    expect(withContent).toBeGreaterThan(HOSTILE_MARKUP_CASES.length / 2);
  }, 120_000);

  it.skipIf(corpusFiles.length === 0)(
    `for every item of feedparser's sanitize corpus (${CORPUS})`,
    async () => {
      const started = performance.now();
      const { problems, withContent, outsideRequests } = await renderAll(stored.corpus);
      console.log(
        `corpus: ${stored.corpus.length} articles opened (${withContent} with content) in ${((performance.now() - started) / 1000).toFixed(1)} s, ${outsideRequests} requests to their media hosts aborted`,
      );
      expect(problems).toEqual([]);
    },
    240_000,
  ); // 85–110 s measured with the 2 cores shared (load average 10–13)

  it.runIf(corpusSkipped !== null)(`skips feedparser's corpus: ${corpusSkipped}`, () => {
    console.log(`sanitize corpus at ${CORPUS} not rendered here: ${corpusSkipped}`);
  });
});
