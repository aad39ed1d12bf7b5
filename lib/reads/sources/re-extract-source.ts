// "Re-extract": a source's changed selector (or the extractor, when it was cleared) applied to the
// pages already kept for its articles, so a rule is not only for new articles (miniflux#2688).
// No request is made: the page kept from the last fetch is the input; articles never fetched are
// the rounds' to fetch. Bounded: PAGES_PER_BATCH pages in memory at a time.
import type { Db } from "@/lib/db/client";
import { extractArticleOffThread } from "@/lib/pipeline/round/extract-off-thread";
import { listKeptPages } from "@/lib/pipeline/store/pages/page-targets";
import { saveReExtraction } from "@/lib/pipeline/store/pages/save-article-page";

const PAGES_PER_BATCH = 20;

export type ReExtractReport = { pages: number; extracted: number };

export async function reExtractSource(db: Db, sourceId: number): Promise<ReExtractReport> {
  const report: ReExtractReport = { pages: 0, extracted: 0 };
  let afterId = 0;
  // Bounded: every pass moves afterId past the batch it read; an empty batch ends it.
  for (;;) {
    const batch = await listKeptPages(db, { sourceId, afterId, take: PAGES_PER_BATCH });
    if (batch.length === 0) return report;
    for (const target of batch) {
      afterId = target.articleId;
      const stored = target.stored;
      if (stored?.html == null) continue;
      const extraction = await extractArticleOffThread({
        html: stored.html,
        url: stored.url,
        selector: target.selector,
      });
      await saveReExtraction(
        db,
        target.articleId,
        extraction.ok
          ? { state: "extracted", content: extraction.html, extractedBy: extraction.by, errorKind: null, detail: null }
          : {
              state: "failed",
              content: null,
              extractedBy: null,
              errorKind: extraction.errorKind,
              detail: extraction.detail,
            },
      );
      report.pages += 1;
      if (extraction.ok) report.extracted += 1;
    }
  }
}
