// A large feed stored while it is parsed: the parse worker hands its items over in batches
// (parse-off-thread.ts), each stored in its own short transaction (lib/pipeline/store/fetch/
// store-article-batch.ts) before the worker reads on. Once a feed went that way, the items the parse
// kept (the last part-batch, or a recovered document's whole list) follow the same way, so that one
// feed is deduped in one place; the fetch itself is written after, by storeAttempt, last.
import type { Db } from "@/lib/db/client";
import type { Clock } from "@/lib/base/clock";
import type { Attempt } from "@/lib/pipeline/store/fetch/attempt";
import { ITEM_BATCH_SIZE } from "@/lib/pipeline/parse/items/gather-items";
import { createArticleBatches } from "@/lib/pipeline/store/fetch/store-article-batch";
import type { ItemTaker } from "@/lib/pipeline/round/parse-off-thread";

export type BatchedStore = {
  /** For attemptFetch: stores one batch, and remembers a failure (the worker then stops). */
  takeItems: ItemTaker;
  /**
   * The attempt with its remaining items stored, if the feed came in batches; a batch's failure
   * is thrown here, for the fetch's usual `database` outcome.
   */
  finish(attempt: Attempt): Promise<Attempt>;
  /** Whether a batch failed: the attempt's parse "failure" is then the store's, not the body's. */
  failed(): boolean;
};

export function storeInBatches(db: Db, sourceId: number, clock: Clock): BatchedStore {
  const batches = createArticleBatches(db, sourceId, () => clock.now());
  let failure: { error: unknown } | null = null;
  return {
    takeItems: (items) =>
      batches.store(items).catch((error: unknown) => {
        failure ??= { error };
        throw error;
      }),
    failed: () => failure !== null,
    async finish(attempt) {
      if (failure) throw failure.error;
      if (batches.stored() === null) return attempt;
      const { feed } = attempt;
      if (feed) {
        for (let start = 0; start < feed.items.length; start += ITEM_BATCH_SIZE)
          await batches.store(feed.items.slice(start, start + ITEM_BATCH_SIZE));
      }
      return { ...attempt, feed: feed && { ...feed, items: [] }, storedInBatches: batches.stored() };
    },
  };
}
