// Saves one fetch in ONE transaction: new and updated articles, the validators, the source's
// scheduling state, the fetch row, the source's history and the daily roll-up commit together
// or not at all. A crash before the commit leaves the source as it was (validators not
// advanced), so the next round simply fetches again.
import type { Db } from "@/lib/db/prisma-client";
import type { Decision } from "@/lib/policy/types";
import type { Attempt } from "@/lib/round/attempt";
import type { SourceRow } from "@/lib/store/source-row";
import { saveArticles } from "@/lib/store/save-articles";
import { buildFetchRow } from "@/lib/store/fetch-row";
import { buildSourceUpdate } from "@/lib/store/source-update";
import { dailyRollupUpsert } from "@/lib/store/daily-rollup";
import { resolveAdoptedUrl } from "@/lib/store/adopt-url";
import { hostOf } from "@/lib/fetch/host-of";
import { insertOrAdd, insertRow, placeholders, runAtomically, scalarFields, updateById } from "@/lib/store/raw-statements";

export type RecordFetchInput = {
  attempt: Attempt;
  roundId: number | null;
  /** The scheduling policy, given the source as stored and the number of new articles. */
  decide: (source: SourceRow, newArticles: number) => Decision;
  /**
   * The source row as the round loaded it. An attempt without a feed to save (a 304, an error,
   * an unchanged body: most fetches) is then written as one batch, with no read inside the
   * transaction. The round lease makes the round the only writer of the fields it decides from.
   */
  source?: SourceRow;
};

export type RecordedFetch = { newArticles: number; updatedArticles: number; decision: Decision };

export async function recordFetch(db: Db, input: RecordFetchInput): Promise<RecordedFetch> {
  if (input.source && !input.attempt.feed) {
    const decision = input.decide(input.source, 0);
    if (decision.next.feedUrl === input.source.feedUrl) return recordWithoutArticles(db, input, input.source, decision);
  }
  return recordWithArticles(db, input);
}

async function recordWithoutArticles(db: Db, input: RecordFetchInput, source: SourceRow, decision: Decision): Promise<RecordedFetch> {
  const { attempt } = input;
  const host = hostOf(source.feedUrl);
  const rollup = dailyRollupUpsert({ source, attempt, newArticles: 0 });
  const now = attempt.finishedAt;
  await runAtomically(db, [
    updateById(db, "Source", source.id, scalarFields({ ...buildSourceUpdate({ source, attempt, decision, newArticles: 0 }), updatedAt: now })),
    insertRow(db, "Fetch", scalarFields(buildFetchRow({ attempt, roundId: input.roundId, newArticles: 0, updatedArticles: 0 }))),
    ...eventRows(source.id, attempt, decision).map((event) => insertRow(db, "SourceEvent", event)),
    ...(decision.hostRetryAfterUntil ? [insertOrReplaceHostWait(db, host, decision.hostRetryAfterUntil, now)] : []),
    insertOrAdd(db, "FetchDaily", ["sourceId", "day"], rollup.create, Object.keys(rollup.update)),
  ]);
  return { newArticles: 0, updatedArticles: 0, decision };
}

function insertOrReplaceHostWait(db: Db, host: string, until: Date, now: Date) {
  const statement = insertRow(db, "HostState", { host, retryAfterUntil: until, updatedAt: now });
  return { text: `${statement.text} ON CONFLICT ("host") DO UPDATE SET "retryAfterUntil" = excluded."retryAfterUntil", "updatedAt" = excluded."updatedAt"`, values: statement.values };
}

async function recordWithArticles(db: Db, input: RecordFetchInput): Promise<RecordedFetch> {
  const { attempt } = input;
  return db.$transaction(
    async (tx) => {
      const source = await tx.source.findUniqueOrThrow({ where: { id: attempt.sourceId } });
      const saved = attempt.feed
        ? await saveArticles(tx, placeholders(db), source.id, attempt.feed.items, attempt.finishedAt)
        : { newArticles: 0, updatedArticles: 0 };
      const proposed = input.decide(source, saved.newArticles);
      const decision = await resolveAdoptedUrl(tx, source, proposed);
      await tx.source.update({
        where: { id: source.id },
        data: buildSourceUpdate({ source, attempt, decision, newArticles: saved.newArticles }),
        select: { id: true },
      });
      await tx.fetch.create({
        data: buildFetchRow({ attempt, roundId: input.roundId, newArticles: saved.newArticles, updatedArticles: saved.updatedArticles }),
        select: { id: true },
      });
      if (decision.events.length > 0) {
        await tx.sourceEvent.createMany({ data: eventRows(source.id, attempt, decision) });
      }
      if (decision.hostRetryAfterUntil) {
        const host = hostOf(source.feedUrl);
        await tx.hostState.upsert({
          where: { host },
          create: { host, retryAfterUntil: decision.hostRetryAfterUntil },
          update: { retryAfterUntil: decision.hostRetryAfterUntil },
        });
      }
      await tx.fetchDaily.upsert({ ...dailyRollupUpsert({ source, attempt, newArticles: saved.newArticles }), select: { sourceId: true } });
      return { newArticles: saved.newArticles, updatedArticles: saved.updatedArticles, decision };
    },
    // A 1,000-item first fetch writes a lot; the default 5 s would be tight on a slow disk.
    { timeout: 60_000, maxWait: 30_000 },
  );
}

function eventRows(sourceId: number, attempt: Attempt, decision: Decision) {
  return decision.events.map((event) => ({ sourceId, at: attempt.finishedAt, kind: event.kind, detail: event.detail }));
}
