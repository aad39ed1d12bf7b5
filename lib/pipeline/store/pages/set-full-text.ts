// A source's full-text settings: whether its new articles' pages are fetched, and the selector
// that picks the article on them. Articles already read keep their pages until "re-extract".
import type { Db } from "@/lib/db/client";

/** False when there is no such source. */
export async function setFullText(
  db: Db,
  input: { sourceId: number; fullText: boolean; selector: string | null },
): Promise<boolean> {
  const changed = await db.source.updateMany({
    where: { id: input.sourceId },
    data: { fullText: input.fullText, fullTextSelector: input.selector },
  });
  return changed.count > 0;
}
