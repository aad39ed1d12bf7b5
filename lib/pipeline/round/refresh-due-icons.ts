// The round's icon step, last: the sites whose icon is due (never looked for, or a month after
// the last look), one request at a time in the lane, within what is left of the round's budget
// and at most SITES_PER_ROUND. A manual refresh (the source's page) takes one source's site now.
import type { Db } from "@/lib/db/client";
import { refreshSiteIcon } from "@/lib/pipeline/round/refresh-site-icon";
import type { RoundSettings } from "@/lib/pipeline/round/round-settings";
import { listIconTargets } from "@/lib/pipeline/store/pages/icon-targets";
import type { SiteIconResult } from "@/lib/pipeline/store/pages/save-site-icon";

export const SITES_PER_ROUND = 20;

export async function refreshDueIcons(
  db: Db,
  settings: RoundSettings,
  input: { deadlineMs: number; shouldStop?: () => boolean },
): Promise<SiteIconResult[]> {
  const { clock } = settings;
  const targets = await listIconTargets(db, { now: clock.now(), limit: SITES_PER_ROUND });
  const results: SiteIconResult[] = [];
  for (const target of targets) {
    if (input.shouldStop?.() || clock.monotonicMs() > input.deadlineMs) break;
    results.push(await refreshSiteIcon(db, settings, target, { manual: false }));
  }
  return results;
}

/** The source page's "Refresh the icon": its site's icon looked for now, whatever its next check. */
export async function refreshIconNow(
  db: Db,
  settings: RoundSettings,
  sourceId: number,
): Promise<SiteIconResult | null> {
  const [target] = await listIconTargets(db, { now: settings.clock.now(), limit: 1, sourceId });
  return target ? refreshSiteIcon(db, settings, target, { manual: true }) : null;
}
