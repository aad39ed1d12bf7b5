// Parsing a 10 MB feed takes seconds of CPU (sanitizing every item dominates), so large bodies are
// parsed in the parse stage's worker (parse-worker-pool.ts); small ones (nearly all feeds) inline,
// where a worker round trip would cost more.
import { parseFeed } from "@/lib/pipeline/parse/parse-feed";
import type { ParsedItem, ParseInput, ParseResult } from "@/lib/pipeline/parse/contract/types";
import { runInParseWorker } from "@/lib/pipeline/round/parse-worker-pool";

/** Bodies at least this large go to the worker (about 0.03 s of parsing at the measured 0.05 s/MB, 2026-12, own sanitizer). */
export const OFF_THREAD_THRESHOLD_BYTES = 512 * 1024;

/** A parse and how long it took (the worker's round trip included: that is what the fetch waited). */
export type TimedParse = ParseResult & { parseMs: number };

/**
 * Stores a batch of a large feed's items while the worker waits (lib/pipeline/store/fetch/
 * store-article-batch.ts); the result then holds only the items it has not taken. A feed parsed
 * here on the main thread (a small one) is returned whole.
 */
export type ItemTaker = (items: ParsedItem[]) => Promise<void>;

export async function parseFeedOffThread(input: ParseInput, takeItems?: ItemTaker): Promise<TimedParse> {
  // Real time even when the round runs on a virtual clock: parsing is CPU, not waiting (the worker's
  // wait while a batch is stored is counted too: it is what the fetch waited).
  const started = performance.now();
  const result = await parseWherever(input, takeItems);
  return { ...result, parseMs: Math.round(performance.now() - started) };
}

async function parseWherever(input: ParseInput, takeItems?: ItemTaker): Promise<ParseResult> {
  if (input.body.length < OFF_THREAD_THRESHOLD_BYTES) return parseFeed(input);
  const result = await runInParseWorker<ParseResult>(
    {
      task: "feed",
      body: new Uint8Array(input.body),
      contentType: input.contentType,
      contentLocation: input.contentLocation,
      url: input.url,
    },
    (detail) => ({ ok: false, errorKind: "parse", detail: `parser ${detail}` }),
    takeItems && ((batch) => takeItems(batch as ParsedItem[])),
  );
  // A worker that cannot start (a broken install) must not lose the feed: parse inline.
  return result ?? parseFeed(input);
}
