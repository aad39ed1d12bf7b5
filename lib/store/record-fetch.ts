// Saves one fetch in ONE transaction: new and updated articles, the validators, the source's
// scheduling state, the fetch row, the source's history and the daily roll-up commit together
// or not at all. A crash before the commit leaves the source as it was (validators not
// advanced), so the next round simply fetches again.
import type { Db } from "@/lib/db/prisma-client";
import type { Decision } from "@/lib/policy/types";
import type { Attempt } from "@/lib/round/attempt";
import type { SourceRow } from "@/lib/store/source-row";
import { planArticles, type PlannedArticles } from "@/lib/store/save-articles";
import { buildFetchRow } from "@/lib/store/fetch-row";
import { buildSourceUpdate } from "@/lib/store/source-update";
import { dailyRollupUpsert } from "@/lib/store/daily-rollup";
import { resolveAdoptedUrl } from "@/lib/store/adopt-url";
import { hostOf } from "@/lib/fetch/host-of";
import { observeFetch, type ObservedFetch } from "@/lib/metrics/fetch-observations";
import { insertOrAdd, insertRow, runAtomically, scalarFields, selectRows, updateById, updateFields, type ReadRows, type Statement } from "@/lib/store/raw-statements";

export type RecordFetchInput = {
  attempt: Attempt;
  roundId: number | null;
  /** The scheduling policy, given the source as stored and the number of new articles. */
  decide: (source: SourceRow, newArticles: number) => Decision;
  /**
   * The source row as the round read it just before the fetch (lib/round/due-sources.ts). The
   * fetch is then planned (the article lookups included) without a transaction and written as
   * one batch, with no read inside it: the round lease makes the round the only writer of the
   * source's articles and of the scheduling fields it decides from. A person's edit during the
   * fetch stands (lib/store/source-update.ts writes the fields it owns only when they change).
   * Without it (a subscription's first fetch) the source is read inside the transaction.
   */
  source?: SourceRow;
};

export type RecordedFetch = { newArticles: number; updatedArticles: number; decision: Decision };

type PlannedFetch = { recorded: RecordedFetch; statements: Statement[]; row: ObservedFetch };

export async function recordFetch(db: Db, input: RecordFetchInput): Promise<RecordedFetch> {
  const planned = input.source ? await recordPlanned(db, input, input.source) : await recordInTransaction(db, input);
  // Counted for /metrics only once committed: a rolled-back fetch (then recorded as `database`) is one fetch.
  observeFetch(planned.row);
  return planned.recorded;
}

async function recordPlanned(db: Db, input: RecordFetchInput, source: SourceRow): Promise<PlannedFetch> {
  const planned = await planFetch(db, (statement) => selectRows(db, statement), input, source);
  await runAtomically(db, planned.statements);
  return planned;
}

async function recordInTransaction(db: Db, input: RecordFetchInput): Promise<PlannedFetch> {
  return db.$transaction(
    async (tx) => {
      const source = await tx.source.findUniqueOrThrow({ where: { id: input.attempt.sourceId } });
      const planned = await planFetch(db, (statement) => tx.$queryRawUnsafe(statement.text, ...statement.values), input, source);
      for (const statement of planned.statements) await tx.$executeRawUnsafe(statement.text, ...statement.values);
      return planned;
    },
    // A 1,000-item first fetch writes a lot; the default 5 s would be tight on a slow disk.
    { timeout: 60_000, maxWait: 30_000 },
  );
}

const NO_ARTICLES: PlannedArticles = { newArticles: 0, updatedArticles: 0, statements: [] };

/** Everything the fetch writes, as statements; `read` serves the lookups (articles, adopted URL). */
async function planFetch(db: Db, read: ReadRows, input: RecordFetchInput, source: SourceRow): Promise<PlannedFetch> {
  const { attempt } = input;
  const now = attempt.finishedAt;
  const articles = attempt.feed ? await planArticles(db, read, source.id, attempt.feed.items, now) : NO_ARTICLES;
  const { newArticles, updatedArticles } = articles;
  const decision = await resolveAdoptedUrl(db, read, source, input.decide(source, newArticles));
  const rollup = dailyRollupUpsert({ source, attempt, newArticles });
  const row = buildFetchRow({ attempt, roundId: input.roundId, newArticles, updatedArticles, dueAt: source.nextDueAt });
  const statements = [
    ...articles.statements,
    updateById(db, "Source", source.id, updateFields({ ...buildSourceUpdate({ source, attempt, decision, newArticles }), updatedAt: now })),
    insertRow(db, "Fetch", scalarFields(row)),
    ...decision.events.map((event) => insertRow(db, "SourceEvent", { sourceId: source.id, at: now, kind: event.kind, detail: event.detail })),
    ...(decision.hostRetryAfterUntil ? [insertOrReplaceHostWait(db, hostOf(source.feedUrl), decision.hostRetryAfterUntil, now)] : []),
    insertOrAdd(db, "FetchDaily", ["sourceId", "day"], rollup.create, Object.keys(rollup.update)),
  ];
  return { recorded: { newArticles, updatedArticles, decision }, statements, row };
}

function insertOrReplaceHostWait(db: Db, host: string, until: Date, now: Date) {
  const statement = insertRow(db, "HostState", { host, retryAfterUntil: until, updatedAt: now });
  return { text: `${statement.text} ON CONFLICT ("host") DO UPDATE SET "retryAfterUntil" = excluded."retryAfterUntil", "updatedAt" = excluded."updatedAt"`, values: statement.values };
}
