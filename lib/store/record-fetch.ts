// Stores one fetch in two steps around the policy's decision, so that the store never calls the
// policy: planFetch reads (articles, URL holders), the caller decides, writeFetch writes it all at
// once. Plan → decide → write.
import type { Db } from "@/lib/db/prisma-client";
import type { Decision } from "@/lib/policy/types";
import type { Attempt } from "@/lib/store/attempt";
import type { SourceRow } from "@/lib/store/source-row";
import { planArticles, type PlannedArticles } from "@/lib/store/save-articles";
import { buildFetchRow } from "@/lib/store/fetch-row";
import { buildSourceUpdate } from "@/lib/store/source-update";
import { dailyRollupUpsert } from "@/lib/store/daily-rollup";
import { findUrlHolders, keepTakenUrl, type UrlHolders } from "@/lib/store/adopt-url";
import { hostOf } from "@/lib/fetch/host-of";
import { observeFetch } from "@/lib/metrics/fetch-observations";
import {
  insertOrAdd,
  insertRow,
  runAtomically,
  scalarFields,
  selectRows,
  updateByIdWhile,
  updateFields,
  type ReadRows,
} from "@/lib/db/raw-statements";

/**
 * What writing one fetch needs to know, read before the policy decides: the article lookups (which
 * items are new, which changed) and who already holds each URL the source could move to. Reading
 * first and writing one batch with no read inside it is safe because the round lease makes the
 * round the only writer of the source's articles and of the scheduling fields it decides from (a
 * subscription's first fetch writes a source nobody else knows yet). A person's edit during the
 * fetch stands (lib/store/source-update.ts writes the fields it owns only when they change).
 */
export type FetchPlan = {
  attempt: Attempt;
  /** The source row as read just before the fetch (lib/round/due-sources.ts). */
  source: SourceRow;
  articles: PlannedArticles;
  /** For each URL this attempt could make the source adopt, the id of a source that already has it. */
  urlHolders: UrlHolders;
};

export type RecordedFetch = { newArticles: number; updatedArticles: number; decision: Decision };

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
  return { attempt, source, articles, urlHolders };
}

/**
 * Writes the fetch in ONE batch: new and updated articles, the validators, the source's scheduling
 * state (the policy's decision), the fetch row, the source's history and the daily roll-up commit
 * together or not at all. A crash before the commit leaves the source as it was (validators not
 * advanced), so the next round simply fetches again.
 */
export async function writeFetch(
  db: Db,
  plan: FetchPlan,
  decided: Decision,
  roundId: number | null,
): Promise<RecordedFetch> {
  const { attempt, source, articles } = plan;
  const now = attempt.finishedAt;
  const { newArticles, updatedArticles } = articles;
  const decision = keepTakenUrl(source, decided, plan.urlHolders);
  const rollup = dailyRollupUpsert({ source, attempt, newArticles });
  const row = buildFetchRow({ attempt, roundId, newArticles, updatedArticles, dueAt: source.nextDueAt });
  await runAtomically(db, [
    ...articles.statements,
    writeSourceUpdate(db, source, buildSourceUpdate({ source, attempt, decision, newArticles }), now),
    insertRow(db, "Fetch", scalarFields(row)),
    ...decision.events.map((event) =>
      insertRow(db, "SourceEvent", { sourceId: source.id, at: now, kind: event.kind, detail: event.detail }),
    ),
    ...(decision.hostRetryAfterUntil
      ? [insertOrReplaceHostWait(db, hostOf(source.feedUrl), decision.hostRetryAfterUntil, now)]
      : []),
    insertOrAdd(db, "FetchDaily", ["sourceId", "day"], rollup.create, Object.keys(rollup.update)),
  ]);
  // Counted for /metrics only once committed: a rolled-back fetch (then recorded as `database`) is one fetch.
  observeFetch(row);
  return { newArticles, updatedArticles, decision };
}

/** The Source columns that count the articles this fetch stored: written whatever else happened. */
const ARTICLE_COUNTERS: ReadonlySet<string> = new Set(["unreadCount", "articleCount", "lastNewArticleAt", "updatedAt"]);

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
