// A large feed's articles stored a batch at a time while it is still being parsed (the parse
// worker hands over its items in batches, lib/pipeline/round/parse-worker-pool.ts), each batch in
// its own short transaction: neither the parse, nor the plan, nor a transaction ever holds a
// 100,000-item feed whole. The fetch itself (validators, scheduling state, the Fetch row) is
// written afterwards, as for any feed (record-fetch.ts), and last: a crash part-way leaves the
// source's validators and body hash as they were, so the next fetch takes the whole body again
// and stores what is missing, while what was stored already is known by its dedupe key.
import type { Db } from "@/lib/db/client";
import type { ParsedItem } from "@/lib/pipeline/parse/contract/types";
import { chainStatements, runAtomically, selectRows, updateById, type Statement } from "@/lib/db/raw-statements";
import { createSeenInFeed, planArticles } from "@/lib/pipeline/store/fetch/save-articles";
import { withSourceWriteLock } from "@/lib/pipeline/store/fetch/source-write-lock";

/** What the batches stored, which the fetch's own write counts but does not write again. */
export type StoredInBatches = { newArticles: number; updatedArticles: number };

export type ArticleBatches = {
  /** Stores one batch: its new and changed articles and the source's counters, together. */
  store(items: ParsedItem[]): Promise<void>;
  /** Null until a batch was stored. */
  stored(): StoredInBatches | null;
};

/**
 * `seenAt` is read once, at the first batch: every article of the fetch is first seen (and an
 * undated one published) at the same time, whichever batch it came in.
 */
export function createArticleBatches(db: Db, sourceId: number, seenAt: () => Date): ArticleBatches {
  const seen = createSeenInFeed();
  let stored: StoredInBatches | null = null;
  let now: Date | null = null;
  return {
    stored: () => stored,
    store: (items) =>
      // The same turn as every other writer of the source's articles (a WebSub push), per batch.
      withSourceWriteLock(sourceId, async () => {
        now ??= seenAt();
        const read = <T>(statement: Statement) => selectRows<T>(db, statement);
        const planned = await planArticles(db, read, sourceId, items, now, seen);
        // The articles first, then whatever each new article brings with it, then its counters.
        await runAtomically(
          db,
          chainStatements(planned.statements, raiseArticleCounters(db, sourceId, planned.newArticles, now)),
        );
        stored = {
          newArticles: (stored?.newArticles ?? 0) + planned.newArticles,
          updatedArticles: (stored?.updatedArticles ?? 0) + planned.updatedArticles,
        };
      }),
  };
}

/** The source's counters move with the articles they count, in the same transaction. */
export function raiseArticleCounters(db: Db, sourceId: number, newArticles: number, now: Date): Statement[] {
  if (newArticles === 0) return [];
  return [
    updateById(db, "Source", sourceId, {
      articleCount: { increment: newArticles },
      lastNewArticleAt: now,
      updatedAt: now,
    }),
  ];
}
