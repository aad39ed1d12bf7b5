// "Nothing is lost": the process running a round is killed with SIGKILL at chosen moments (right
// after the publisher finished its response, and in the middle of storing a 2,000-item feed large
// enough to be stored in batches as it is parsed). After every kill the database is sound, no fetch
// is half-written, validators did not run ahead of the articles, the stored articles are whole
// batches that the source's counts include, and the next `tidings round --source ID` completes
// what the killed one left.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFreshDatabase, type FreshDatabase } from "@/tests/helpers/fresh-database";
import { startPublisher, feed, rssFeed, type Handler, type Publisher } from "@/tests/helpers/publisher";
import { runCli } from "@/tests/helpers/run-cli";
import { startCli, type CliExit, type RunningCli } from "@/tests/helpers/killable-cli";
import {
  checkStorage,
  createWriterProbe,
  findHalfWrittenFetches,
  type WriterProbe,
} from "@/tests/helpers/database-integrity";
import { createSource } from "@/lib/pipeline/store/sources/create-source";
import { ROUND_LEASE } from "@/lib/pipeline/store/fetch/lease";
import { ITEM_BATCH_SIZE } from "@/lib/pipeline/parse/items/gather-items";
import { OFF_THREAD_THRESHOLD_BYTES } from "@/lib/pipeline/round/parse-off-thread";
import { readerId } from "@/tests/helpers/reader-user";
import { unreadCountOf } from "@/tests/helpers/reader-user";

let database: FreshDatabase;
let publisher: Publisher;
let probe: WriterProbe;
const running = new Set<RunningCli>();

// The defaults, spelled out so that the lease TTL the test expects does not depend on the shell.
const BUDGET_SECONDS = 240;
const FETCH_TIMEOUT_MS = 20_000;
/** lib/pipeline/round/run-round.ts: budget + 2 fetch timeouts + one minute. */
const EXPECTED_LEASE_TTL_MS = BUDGET_SECONDS * 1000 + 2 * FETCH_TIMEOUT_MS + 60_000;

/**
 * Each attempt runs the CLI two or three times (3-4 s each on a busy machine; on PostgreSQL each
 * run currently lingers 10 s more after its work, the pg pool's idle timeout).
 */
const TEST_TIMEOUT_MS = 480_000;

const env = () => ({
  DATABASE_URL: database.url,
  TIDINGS_ALLOW_PRIVATE_NETWORKS: "true",
  TIDINGS_HOST_GAP_MS: "0",
  TIDINGS_ROUND_BUDGET_SECONDS: String(BUDGET_SECONDS),
  TIDINGS_FETCH_TIMEOUT_MS: String(FETCH_TIMEOUT_MS),
});

const figures = { lease: { heldAfterKill: 0, ttlMs: [] as number[] }, small: tally(), big: tally() };

beforeAll(async () => {
  database = await createFreshDatabase();
  publisher = await startPublisher();
  probe = await createWriterProbe(database.target, "Article");
});
afterAll(async () => {
  await Promise.all([...running].map((cli) => cli.kill()));
  await probe?.close();
  await publisher?.close();
  await database?.dispose();
  console.info(`[crash-recovery] ${JSON.stringify(figures)}`);
});

describe("a round killed with SIGKILL", () => {
  it(
    "between the publisher's response and the commit: the database stays sound and the next round completes the fetch",
    async () => {
      const ATTEMPTS = 5;
      const ladder = createKillLadder(100);
      for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
        const extraDelayMs = ladder.next();
        const committed = await killOneRound(
          {
            path: `/small-${attempt}.xml`,
            items: 3,
            perTransaction: 3,
            etag: `"small-${attempt}"`,
            figures: figures.small,
          },
          async ({ responseFinished }) => {
            await responseFinished;
            await sleep(extraDelayMs);
          },
        );
        ladder.record(extraDelayMs, committed);
      }
      figures.small.commitBracketMs = ladder.bracket();
      expect(figures.small.attempts).toBe(ATTEMPTS);
      // The ladder starts at 0 ms (before any commit) and doubles until a kill lands after one.
      expect(figures.small.killedBeforeCommit).toBeGreaterThan(0);
      expect(figures.small.attempts - figures.small.killedBeforeCommit).toBeGreaterThan(0);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    "while it stores a 2,000-item feed in batches: whole batches are kept, the fetch only once all are, and the next round completes it",
    async () => {
      const ATTEMPTS = 3;
      const ladder = createKillLadder(100);
      for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
        const extraDelayMs = ladder.next();
        const committed = await killOneRound(
          {
            path: `/big-${attempt}.xml`,
            items: 2000,
            perTransaction: ITEM_BATCH_SIZE,
            description: BIG_DESCRIPTION,
            etag: `"big-${attempt}"`,
            figures: figures.big,
          },
          async ({ responseFinished, cli }) => {
            await responseFinished;
            // The store phase: a batch's transaction is open (SQLite: it holds the write lock;
            // PostgreSQL: it holds locks on "Article"). Then a moment inside it, or later.
            if (
              await waitUntil(
                () => probe.writing(),
                () => cli.hasExited(),
                30_000,
              )
            )
              figures.big.storeSeen += 1;
            await sleep(extraDelayMs);
          },
        );
        ladder.record(extraDelayMs, committed);
      }
      figures.big.commitBracketMs = ladder.bracket();
      expect(figures.big.attempts).toBe(ATTEMPTS);
      expect(figures.big.storeSeen).toBeGreaterThan(0);
      expect(figures.big.killedBeforeCommit).toBeGreaterThan(0);
    },
    TEST_TIMEOUT_MS,
  );
});

/**
 * Chooses when to kill: 0 ms first, then doubling from `firstStepMs` (with jitter) until a kill
 * lands after the commit, then random moments between the latest kill that came before the
 * commit and the earliest that came after: the kills crowd around the commit, whatever the
 * machine's speed.
 */
function createKillLadder(firstStepMs: number) {
  let before = -1;
  let after = Number.POSITIVE_INFINITY;
  return {
    next(): number {
      if (before < 0) return 0;
      if (after === Number.POSITIVE_INFINITY)
        return Math.round(Math.max(firstStepMs, before * 2) * (1 + Math.random() * 0.25));
      return Math.round(before + Math.random() * (after - before));
    },
    record(delayMs: number, committed: boolean): void {
      if (committed) after = Math.min(after, delayMs);
      else before = Math.max(before, delayMs);
    },
    bracket: () => [before, after === Number.POSITIVE_INFINITY ? null : after],
  };
}

type Tally = ReturnType<typeof tally>;
function tally() {
  return {
    attempts: 0,
    killedBeforeCommit: 0,
    killedAfterCommit: 0,
    exitedBeforeKill: 0,
    storeSeen: 0,
    commitBracketMs: [] as Array<number | null>,
  };
}

/** With it, 2,000 items make a body past the parse worker's threshold: it is stored in batches. */
const BIG_DESCRIPTION = "A sentence of an ordinary article's summary, long enough to count. ".repeat(5);

/**
 * One source, one killed `tidings round`, then every check, then the recovery round.
 * `killAt` resolves when the test wants the kill. Returns whether the fetch had been committed.
 * `perTransaction`: how many items each of the fetch's transactions stores (all of them, or a batch).
 */
async function killOneRound(
  spec: {
    path: string;
    items: number;
    perTransaction: number;
    description?: string;
    etag: string;
    figures: Tally;
  },
  killAt: (moment: { responseFinished: Promise<void>; cli: RunningCli }) => Promise<void>,
): Promise<boolean> {
  const body = rssFeed({
    title: spec.path,
    items: Array.from({ length: spec.items }, (_, index) => ({
      ...item(spec.path, index),
      description: spec.description,
    })),
  });
  expect(Buffer.byteLength(body) >= OFF_THREAD_THRESHOLD_BYTES).toBe(spec.perTransaction < spec.items);
  let markFinished: () => void = () => undefined;
  const responseFinished = new Promise<void>((resolve) => (markFinished = resolve));
  publisher.setRoute(
    spec.path,
    whenFinished(feed({ body, etag: spec.etag }), () => markFinished()),
  );
  // The only due source: every earlier one was completed and is not due for an hour.
  const sourceId = await createSource(database.db, {
    userId: await readerId(database.db),
    feedUrl: publisher.url(spec.path),
    title: spec.path,
    customTitle: null,
    folderName: null,
  });

  const cli = startCli(["round"], env());
  running.add(cli);
  const exit = await Promise.race([
    killAt({ responseFinished: Promise.race([responseFinished, cli.exited.then(() => undefined)]), cli }).then(() =>
      cli.kill(),
    ),
    cli.exited,
  ]);
  running.delete(cli);
  spec.figures.attempts += 1;
  if (exit.signal !== "SIGKILL") {
    spec.figures.exitedBeforeKill += 1;
    expect(exit.code, describeExit(exit)).toBe(0);
  }
  expect(publisher.requestsTo(spec.path), "the killed round requested the feed once").toHaveLength(1);

  // 1. The storage is sound and no fetch is half-written, anywhere in the database.
  expect(await checkStorage(database.target)).toEqual([]);
  expect(await findHalfWrittenFetches(database.db)).toEqual([]);

  // 2. This source: all of the fetch, or nothing of it but whole batches of its articles, counted
  //    (validators, body hash and schedule never ahead of the articles).
  const committed = (await database.db.fetch.count({ where: { sourceId } })) > 0;
  const source = await database.db.source.findUniqueOrThrow({ where: { id: sourceId } });
  const articles = await database.db.article.count({ where: { sourceId } });
  if (committed) {
    spec.figures.killedAfterCommit += exit.signal === "SIGKILL" ? 1 : 0;
    const unread = await unreadCountOf(database.db, sourceId);
    expect({ etag: source.etag, articles, unread, outcome: source.lastOutcome }).toEqual({
      etag: spec.etag,
      articles: spec.items,
      unread: spec.items,
      outcome: "ok",
    });
  } else {
    spec.figures.killedBeforeCommit += 1;
    expect({
      etag: source.etag,
      bodyHash: source.lastBodyHash,
      wholeBatches: articles % spec.perTransaction === 0 && articles < spec.items,
      unread: await unreadCountOf(database.db, sourceId),
      counted: source.articleCount,
      lastFetchedAt: source.lastFetchedAt,
    }).toEqual({
      etag: null,
      bodyHash: null,
      wholeBatches: true,
      unread: articles,
      counted: articles,
      lastFetchedAt: null,
    });
    expect(source.nextDueAt.getTime(), "still due").toBeLessThanOrEqual(Date.now());
  }

  // 3. The round lease the killed process held, if it died before releasing it: free for this machine.
  await checkLeaseOfDeadHolder(cli.pid);

  // 4. The next round completes the fetch: ok with every article, or a 304 for what was committed.
  const next = await runCli(["round", "--source", String(sourceId)], env());
  expect(next.code, `${next.stdout}\n${next.stderr}`).toBe(0);
  const expected = committed ? `not_modified  status=304  new=0` : `ok  status=200  new=${spec.items - articles}`;
  expect(next.stdout).toMatch(new RegExp(`^#${sourceId} \\S+  ${expected}  `, "m"));
  const requests = publisher.requestsTo(spec.path);
  expect(requests).toHaveLength(2);
  expect(requests[1]!.headers["if-none-match"] ?? null).toBe(committed ? spec.etag : null);
  const after = await database.db.source.findUniqueOrThrow({ where: { id: sourceId } });
  expect({
    etag: after.etag,
    articles: await database.db.article.count({ where: { sourceId } }),
    unread: await unreadCountOf(database.db, sourceId),
    counted: after.articleCount,
  }).toEqual({
    etag: spec.etag,
    articles: spec.items,
    unread: spec.items,
    counted: spec.items,
  });
  expect(await findHalfWrittenFetches(database.db)).toEqual([]);

  // 5. The killed round does not look "running" forever: the next round marked it interrupted,
  //    with what it had committed (a process that finished before the kill closed its own).
  const [, killedRound] = await database.db.round.findMany({ orderBy: { id: "desc" }, take: 2 });
  if (killedRound!.finishedAt === null) {
    expect({
      interrupted: killedRound!.interrupted,
      attempted: killedRound!.sourcesAttempted,
      ok: killedRound!.okCount,
      new: killedRound!.newArticles,
    }).toEqual({
      interrupted: true,
      attempted: committed ? 1 : 0,
      ok: committed ? 1 : 0,
      new: committed ? spec.items : 0,
    });
  }
  return committed;
}

/**
 * A process killed inside a round leaves the "round" lease held until it expires, for other
 * machines. It records the killed process, though, so that on this machine the next round takes
 * it at once (lib/pipeline/round/holder-process.ts): step 4 runs with no manual expiry.
 */
async function checkLeaseOfDeadHolder(pid: number): Promise<void> {
  const lease = await database.db.lease.findUnique({ where: { name: ROUND_LEASE } });
  if (!lease || lease.expiresAt.getTime() <= Date.now()) return;
  const ttlMs = lease.expiresAt.getTime() - lease.acquiredAt.getTime();
  figures.lease.ttlMs = [...new Set([...figures.lease.ttlMs, ttlMs])];
  expect(ttlMs).toBe(EXPECTED_LEASE_TTL_MS);
  expect(lease.holderPid).toBe(pid);
  figures.lease.heldAfterKill += 1;
}

function item(path: string, index: number) {
  const day = new Date(Date.UTC(2024, 0, 1) + index * 3_600_000).toUTCString();
  return {
    guid: `urn:${path}:${index}`,
    title: `Post ${index}`,
    link: `https://publisher.example${path}/${index}`,
    pubDate: day,
  };
}

/** Calls `onFinish` when the last byte of the response was handed to the socket. */
function whenFinished(handler: Handler, onFinish: () => void): Handler {
  return (request, response) => {
    response.once("finish", onFinish);
    return handler(request, response);
  };
}

/** Polls `condition` until it holds (true), `giveUp` holds, or the time is up (false). */
async function waitUntil(
  condition: () => Promise<boolean>,
  giveUp: () => boolean,
  timeoutMs: number,
): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && !giveUp()) {
    if (await condition()) return true;
    await sleep(2);
  }
  return false;
}

function describeExit(exit: CliExit): string {
  return `code ${exit.code} signal ${exit.signal}\n${exit.stdout}\n${exit.stderr}`;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
