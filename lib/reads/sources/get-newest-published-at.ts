import "server-only";
// The newest publication date among a source's stored articles, for the schedule in words
// (lib/health/describe-schedule.ts): one read of the (sourceId, publishedAt, id) index.
import { getDb } from "@/lib/db/client";

export async function getNewestPublishedAt(sourceId: number): Promise<Date | null> {
  const newest = await getDb().article.findFirst({
    where: { sourceId },
    orderBy: [{ publishedAt: "desc" }, { id: "desc" }],
    select: { publishedAt: true },
  });
  return newest?.publishedAt ?? null;
}
