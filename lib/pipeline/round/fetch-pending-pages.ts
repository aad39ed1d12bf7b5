// The round's full-text step, after the feeds: the pages of full-text sources' new articles, one at
// a time in the lane like every other request, interleaved by domain (the gap then costs no wall
// time), within what is left of the round's budget and at most PAGES_PER_ROUND. An article whose
// page was asked for once is never asked again by a round (its row says what came back): only the
// reader's action or "re-extract" asks again. What is left waits for the next round.
import type { Db } from "@/lib/db/client";
import { interleaveByHost } from "@/lib/pipeline/round/interleave-by-host";
import { fetchArticlePage, type PageReport } from "@/lib/pipeline/round/fetch-article-page";
import type { RoundSettings } from "@/lib/pipeline/round/round-settings";
import { listPendingPageTargets } from "@/lib/pipeline/store/pages/page-targets";

export const PAGES_PER_ROUND = 100;

export async function fetchPendingPages(
  db: Db,
  settings: RoundSettings,
  input: { deadlineMs: number; sourceId?: number; shouldStop?: () => boolean },
): Promise<PageReport[]> {
  const { clock } = settings;
  const targets = await listPendingPageTargets(db, {
    now: clock.now(),
    limit: PAGES_PER_ROUND,
    sourceId: input.sourceId,
  });
  const ordered = interleaveByHost(targets.map((target) => ({ ...target, feedUrl: target.url ?? "" })));
  const reports: PageReport[] = [];
  for (const target of ordered) {
    if (input.shouldStop?.() || clock.monotonicMs() > input.deadlineMs) break;
    reports.push(await fetchArticlePage(db, settings, target, { manual: false }));
  }
  return reports;
}
