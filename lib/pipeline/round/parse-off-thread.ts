// Parsing a 10 MB feed takes seconds of CPU (sanitizing every item dominates), so large bodies are
// parsed in the parse stage's worker (parse-worker-pool.ts); small ones (nearly all feeds) inline,
// where a worker round trip would cost more.
import { parseFeed } from "@/lib/pipeline/parse/parse-feed";
import type { ParseInput, ParseResult } from "@/lib/pipeline/parse/contract/types";
import { runInParseWorker } from "@/lib/pipeline/round/parse-worker-pool";

/** Bodies at least this large go to the worker (about 0.03 s of parsing at the measured 0.05 s/MB, 2026-12, own sanitizer). */
export const OFF_THREAD_THRESHOLD_BYTES = 512 * 1024;

/** A parse and how long it took (the worker's round trip included: that is what the fetch waited). */
export type TimedParse = ParseResult & { parseMs: number };

export async function parseFeedOffThread(input: ParseInput): Promise<TimedParse> {
  // Real time even when the round runs on a virtual clock: parsing is CPU, not waiting.
  const started = performance.now();
  const result = await parseWherever(input);
  return { ...result, parseMs: Math.round(performance.now() - started) };
}

async function parseWherever(input: ParseInput): Promise<ParseResult> {
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
  );
  // A worker that cannot start (a broken install) must not lose the feed: parse inline.
  return result ?? parseFeed(input);
}
