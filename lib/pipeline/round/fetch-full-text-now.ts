// The reader's "Fetch the full article": one article's page now, whatever its source's setting,
// in the same lane as every other request (a round in progress goes first, turn by turn).
// Conditional when the page is kept from before.
import type { Db } from "@/lib/db/client";
import { fetchArticlePage, type PageReport } from "@/lib/pipeline/round/fetch-article-page";
import type { RoundSettings } from "@/lib/pipeline/round/round-settings";
import { readPageTarget } from "@/lib/pipeline/store/pages/page-targets";

/** Null when there is no such article. */
export async function fetchFullTextNow(db: Db, settings: RoundSettings, articleId: number): Promise<PageReport | null> {
  const target = await readPageTarget(db, articleId);
  if (target === null) return null;
  return fetchArticlePage(db, settings, target, { manual: true });
}
