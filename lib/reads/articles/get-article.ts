import "server-only";
import { getDb } from "@/lib/db/client";
import type { ArticleDetail } from "@/lib/reads/articles/dto";
import { toDetail } from "@/lib/reads/articles/to-dto";
import { displayTitleOf } from "@/lib/db/display-title";

/** One article with its sanitized content, or null when there is no such article. */
export async function getArticle(id: number): Promise<ArticleDetail | null> {
  const row = await getDb().article.findUnique({
    where: { id },
    select: {
      id: true,
      sourceId: true,
      title: true,
      url: true,
      author: true,
      snippet: true,
      publishedAt: true,
      readAt: true,
      starredAt: true,
      content: true,
      enclosures: true,
      page: { select: { state: true, content: true, detail: true, extractedBy: true, fetchedAt: true } },
      source: { select: { title: true, customTitle: true } },
    },
  });
  if (row === null) return null;
  const { source, ...article } = row;
  return toDetail({ ...article, sourceTitle: displayTitleOf(source) });
}
