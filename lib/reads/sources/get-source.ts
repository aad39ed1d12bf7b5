import "server-only";
import { cache } from "react";
import { getDb } from "@/lib/db/client";
import { displayTitleOf } from "@/lib/db/display-title";

/**
 * One source with its folder and article count (the removal confirmation states it); null if
 * unknown. Memoised per request: the page and its metadata both ask.
 */
export const getSource = cache(async (sourceId: number) => {
  const source = await getDb().source.findUnique({
    where: { id: sourceId },
    include: { folder: { select: { name: true } }, _count: { select: { articles: true } } },
  });
  if (!source) return null;
  return {
    ...source,
    displayTitle: displayTitleOf(source),
    folderName: source.folder?.name ?? null,
    articleCount: source._count.articles,
  };
});

export type SourceDetail = NonNullable<Awaited<ReturnType<typeof getSource>>>;
