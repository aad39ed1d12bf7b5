// Stores one fetch in two steps around the policy's decision, so that the store never calls the
// policy: planFetch reads (articles, URL holders), the caller decides, writeFetch writes it all at
// once. Plan → decide → write.
import { FEED_ONLY } from "@/lib/base/fetch-kinds";
import type { Db } from "@/lib/db/client";
import type { Decision } from "@/lib/pipeline/policy/types";
import type { Attempt } from "@/lib/pipeline/store/fetch/attempt";
import type { SourceRow } from "@/lib/pipeline/store/fetch/source-row";
import { planArticles, type PlannedArticles } from "@/lib/pipeline/store/fetch/save-articles";
import { buildFetchRow, type FetchRow } from "@/lib/pipeline/store/fetch/fetch-row";
import { buildSourceUpdate } from "@/lib/pipeline/store/fetch/source-update";
import { answeredFetchOf, dailyRollupUpsert, fleetDailyStatement } from "@/lib/pipeline/store/fetch/daily-rollup";
import { needsPreviousFullEtag } from "@/lib/pipeline/store/fetch/caching-evidence";
import { driftRollupStatement } from "@/lib/pipeline/store/fetch/drift-rollup";
import { findUrlHolders, keepTakenUrl, type UrlHolders } from "@/lib/pipeline/store/fetch/adopt-url";
import { hostOf } from "@/lib/pipeline/fetch/host-of";
import {
  chainStatements,
  insertOrAdd,
  insertRow,
  runAtomically,
  scalarFields,
  selectRows,
  updateByIdWhile,
  updateFields,
  type ReadRows,
  type Statement,
} from "@/lib/db/raw-statements";

/**
 * What writing one fetch needs to know, read before the policy decides: the article lookups (which
 * items are new, which changed) and who already holds each URL the source could move to. Reading
 * first and writing one batch with no read inside it is safe because the round lease makes the
 * round the only writer of the source's articles and of the scheduling fields it decides from (a
 * subscription's first fetch writes a source nobody else knows yet). A person's edit during the
 * fetch stands (lib/pipeline/store/fetch/source-update.ts writes the fields it owns only when they change).
 */
export type FetchPlan = {
  attempt: Attempt;
  /** The source row as read just before the fetch (lib/pipeline/round/due-sources.ts). */
  source: SourceRow;
  articles: PlannedArticles;
  /** For each URL this attempt could make the source adopt, the id of a source that already has it. */
  urlHolders: UrlHolders;
  /** The ETag of the source's previous full response, read only when the roll-up's churn rule needs it. */
  previousFullEtag: string | null;
};

/** What was written; `row` is the committed Fetch row (the round counts it for /metrics). */
export type RecordedFetch = { newArticles: number; updatedArticles: number; decision: Decision; row: FetchRow };

/** Reads what the fetch's write depends on; writes nothing. */
export async function planFetch(db: Db, attempt: Attempt, source: SourceRow): Promise<FetchPlan> {
  const read: ReadRows = (statement) => selectRows(db, statement);
  const articles = attempt.feed
    ? await planArticles(db, read, source.id, attempt.feed.items, attempt.finishedAt)
    : NO_ARTICLES;
  const urlHolders = await findUrlHolders(db, read, source, [
    attempt.meta.permanentRedirectUrl,
    attempt.discoveredFeedUrl,
  ]);
  const previousFullEtag = needsPreviousFullEtag(answeredFetchOf(attempt))
    ? await readPreviousFullEtag(db, source.id)
    : null;
  return { attempt, source, articles, urlHolders, previousFullEtag };
}

async function readPreviousFullEtag(db: Db, sourceId: number): Promise<string | null> {
  const previous = await db.fetch.findFirst({
    // The feed's own previous full response: a page's or an icon's ETag is another resource's.
    where: { sourceId, outcome: "ok", ...FEED_ONLY },
    orderBy: [{ startedAt: "desc" }, { id: "desc" }],
    select: { etagReceived: true },
  });
  return previous?.etagReceived ?? null;
}

/**
 * Writes the fetch in ONE batch: new and updated articles, the validators, the source's scheduling
 * state (the policy's decision), the fetch row, the source's history, the daily roll-ups (the
 * source's and the fleet's) and the fleet's drift roll-up commit together or not at all. A crash before the commit leaves the source as it was (validators not
 * advanced), so the next round simply fetches again.
 */
export async function writeFetch(
  db: Db,
  plan: FetchPlan,
  decided: Decision,
  roundId: number | null,
  /** Writes of a feature that must commit with the fetch (the WebSub standing its poll changed). */
  alongside: Statement[] = [],
): Promise<RecordedFetch> {
  const { attempt, source, articles } = plan;
  const now = attempt.finishedAt;
  // The fetch counts every article it brought; its batches have raised the source's counters already.
  const { newArticles, updatedArticles } = countArticles(plan);
  const decision = keepTakenUrl(source, decided, plan.urlHolders);
  const rollup = dailyRollupUpsert({ source, attempt, newArticles, previousFullEtag: plan.previousFullEtag });
  const row = buildFetchRow({ attempt, roundId, newArticles, updatedArticles, dueAt: source.nextDueAt });
  const sourceUpdate = buildSourceUpdate({ source, attempt, decision, newArticles: articles.newArticles });
  const drift = driftRollupStatement(db, row);
  // The articles first, built as they are written; the validators and the scheduling state last,
  // in the same transaction, so a crash part-way leaves the source as it was.
  await runAtomically(
    db,
    chainStatements(articles.statements, [
      writeSourceUpdate(db, source, sourceUpdate, now),
      insertRow(db, "Fetch", scalarFields(row)),
      ...decision.events.map((event) =>
        insertRow(db, "SourceEvent", { sourceId: source.id, at: now, kind: event.kind, detail: event.detail }),
      ),
      ...(decision.hostRetryAfterUntil
        ? [insertOrReplaceHostWait(db, hostOf(source.feedUrl), decision.hostRetryAfterUntil, now)]
        : []),
      insertOrAdd(db, "FetchDaily", ["sourceId", "day"], rollup.create, Object.keys(rollup.update)),
      ...alongside,
      // The fleet's rows (the day's counts, the hour's drift) are shared by every fetch: last, so
      // their row locks (PostgreSQL) are held for the commit alone.
      fleetDailyStatement(db, rollup.create),
      ...(drift ? [drift] : []),
    ]),
  );
  return { newArticles, updatedArticles, decision, row };
}

/** All the articles the fetch stored: those planned here, and a large feed's stored in batches before. */
export function countArticles(plan: Pick<FetchPlan, "attempt" | "articles">): {
  newArticles: number;
  updatedArticles: number;
} {
  const batches = plan.attempt.storedInBatches;
  return {
    newArticles: plan.articles.newArticles + (batches?.newArticles ?? 0),
    updatedArticles: plan.articles.updatedArticles + (batches?.updatedArticles ?? 0),
  };
}

/** The Source columns that count the articles this fetch stored: written whatever else happened. */
const ARTICLE_COUNTERS: ReadonlySet<string> = new Set(["articleCount", "lastNewArticleAt", "updatedAt"]);

/**
 * The source's update. The article counters always go with the articles. The rest (validators,
 * scheduling state, breaker, a redirect adopted) describes the address that was fetched, and is
 * written only while the source still has it: a person who gave it a new address during the fetch
 * reset all of that (lib/store/apply-feed-url.ts), and the old address's ETag sent to the new one
 * could earn a wrong 304.
 */
function writeSourceUpdate(db: Db, source: SourceRow, update: Record<string, unknown>, now: Date) {
  const fields = updateFields({ ...update, updatedAt: now });
  const always = Object.entries(fields).filter(([column]) => ARTICLE_COUNTERS.has(column));
  const learnt = scalarFields(
    Object.fromEntries(Object.entries(update).filter(([column]) => !ARTICLE_COUNTERS.has(column))),
  );
  return updateByIdWhile(db, "Source", source.id, {
    always: Object.fromEntries(always),
    guarded: learnt,
    guard: { column: "feedUrl", expected: source.feedUrl },
  });
}

const NO_ARTICLES: PlannedArticles = { newArticles: 0, updatedArticles: 0, statements: [] };

function insertOrReplaceHostWait(db: Db, host: string, until: Date, now: Date) {
  const statement = insertRow(db, "HostState", { host, retryAfterUntil: until, updatedAt: now });
  return {
    text: `${statement.text} ON CONFLICT ("host") DO UPDATE SET "retryAfterUntil" = excluded."retryAfterUntil", "updatedAt" = excluded."updatedAt"`,
    values: statement.values,
  };
}
