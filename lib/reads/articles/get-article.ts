import "server-only";
import { getDb, getSqlReader } from "@/lib/db/client";
import { sql } from "@/lib/db/sql";
import type { ArticleDetail } from "@/lib/reads/articles/dto";
import { toDetail } from "@/lib/reads/articles/to-dto";
import { readingStateColumns, sourceTitleColumn, type ListRow } from "@/lib/reads/articles/list-query";
import { subscribedSourcesSql } from "@/lib/pipeline/store/reading/scope-sql";

type DetailRow = Omit<ListRow, "latestId"> & { content: string | null; enclosures: string | null };

/** One article with its sanitized content, or null when there is no such article among the user's subscriptions. */
export async function getArticle(userId: number, id: number): Promise<ArticleDetail | null> {
  const [row] = await getSqlReader().all<DetailRow>(
    sql`SELECT "id", "sourceId", "title", "url", "author", "snippet", "publishedAt", "content", "enclosures",
      ${readingStateColumns(userId)}, ${sourceTitleColumn(userId)}
      FROM "Article" WHERE "id" = ${id} AND ${subscribedSourcesSql(userId)}`,
  );
  if (row === undefined) return null;
  const page = await getDb().articlePage.findUnique({
    where: { articleId: id },
    select: { state: true, content: true, detail: true, extractedBy: true, fetchedAt: true },
  });
  return toDetail({ ...row, page });
}
