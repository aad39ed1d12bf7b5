import "server-only";
import { getSqlReader } from "@/lib/db/client";
import { LATEST_ARTICLE_ID_SQL } from "@/lib/reads/articles/list-query";

/** The highest article id (0 when there is none): the end of the primary key, O(1). */
export async function getLatestArticleId(): Promise<number> {
  const [row] = await getSqlReader().all<{ latestId: number | null }>(LATEST_ARTICLE_ID_SQL);
  return Number(row?.latestId ?? 0);
}
