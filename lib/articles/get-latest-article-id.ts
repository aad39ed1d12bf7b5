import "server-only";
import { getDb } from "@/lib/db/client";

/** The highest article id (0 when there is none): the end of the primary key, O(1). */
export async function getLatestArticleId(): Promise<number> {
  const latest = await getDb().article.findFirst({ orderBy: { id: "desc" }, select: { id: true } });
  return latest?.id ?? 0;
}
