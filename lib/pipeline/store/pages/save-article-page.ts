// Writes what one article page gave: the page row (the extracted article beside the feed's
// content, or why there is none) and the request's row in the fetch log (kind "page") with its
// count, together or not at all.
import { gzipSync } from "node:zlib";
import type { Db } from "@/lib/db/client";
import { inTransaction } from "@/lib/db/client";
import { logRequestsBesideFeed, type PageFetchRow } from "@/lib/pipeline/store/pages/log-requests-beside-feed";

export type ArticlePageRow = {
  url: string;
  state: "extracted" | "failed";
  errorKind: string | null;
  detail: string | null;
  content: string | null;
  extractedBy: string | null;
  /** The page as read; gzipped here (a tenth of its size on typical pages). */
  html: string | null;
  etag: string | null;
  lastModified: string | null;
};

const MAX_DETAIL = 500;

export async function saveArticlePage(
  db: Db,
  input: {
    articleId: number;
    sourceId: number;
    at: Date;
    /** Null: the kept page stays as it is (a failed request does not undo an article read before). */
    page: ArticlePageRow | null;
    /** Null when no request was made (the article has no link). */
    fetch: PageFetchRow | null;
  },
): Promise<void> {
  const { articleId, sourceId, page, fetch } = input;
  await inTransaction(db, async (tx) => {
    if (page !== null) {
      const row = {
        ...page,
        detail: page.detail?.slice(0, MAX_DETAIL) ?? null,
        html: page.html === null ? null : gzipSync(page.html),
        fetchedAt: input.at,
      };
      await tx.articlePage.upsert({
        where: { articleId },
        create: { articleId, ...row },
        update: { ...row, attempts: { increment: 1 } },
      });
    }
    if (fetch !== null) await logRequestsBesideFeed(tx, { sourceId, articleId }, [fetch]);
  });
}

/** A changed selector applied to a kept page: only what was extracted changes. */
export async function saveReExtraction(
  db: Db,
  articleId: number,
  extraction: Pick<ArticlePageRow, "state" | "content" | "extractedBy" | "errorKind" | "detail">,
): Promise<void> {
  await db.articlePage.update({ where: { articleId }, data: extraction });
}
