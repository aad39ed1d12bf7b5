// Extracting an article (linkedom's DOM, Readability, the sanitizer) costs about 0.4 ms of CPU per
// KB of page (scripts/bench/full-text.ts), and a hostile page can be 10 MB: on the server's main
// thread that would stall every reader's request. Pages past the size a typical article page has
// are read in the parse stage's worker (parse-worker-pool.ts), under its memory and time limits;
// smaller ones inline, where the worker's round trip (about a quarter more CPU per page, measured)
// would cost more than the short stall.
import { extractArticle, type Extraction, type ExtractionInput } from "@/lib/pipeline/parse/full-text/extract-article";
import { runInParseWorker } from "@/lib/pipeline/round/parse-worker-pool";

/**
 * Pages at least this long (characters) go to the worker. A typical article page (about 100 KB)
 * stays inline, within the budget of 50 ms per page; anything longer could stall readers
 * for more than that, at 0.4 ms/KB.
 */
export const EXTRACT_OFF_THREAD_CHARS = 128 * 1024;

/** An extraction, or the worker's failure to make one (crashed, out of memory or time). */
export type OffThreadExtraction = Extraction | { ok: false; errorKind: "parse"; detail: string };

export async function extractArticleOffThread(input: ExtractionInput): Promise<OffThreadExtraction> {
  if (input.html.length < EXTRACT_OFF_THREAD_CHARS) return extractArticle(input);
  const result = await runInParseWorker<OffThreadExtraction>(
    { task: "article", html: input.html, url: input.url, selector: input.selector },
    (detail) => ({ ok: false, errorKind: "parse", detail: `the extractor ${detail}` }),
  );
  // A worker that cannot start (a broken install) must not lose the article: extract inline.
  return result ?? extractArticle(input);
}
