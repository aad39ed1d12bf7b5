import "server-only";
import { getDb } from "@/lib/db/client";
import {
  classifySourceHealth,
  HEALTH_STATE_URGENCY,
  type SourceHealthState,
} from "@/lib/reads/health/rules/classify-source-health";
import { displayTitleOf } from "@/lib/db/display-title";
import { withPause } from "@/lib/reads/sources/with-pause";
import { SOURCE_STATUS_COLUMNS } from "@/lib/reads/health/rules/classify-source-health";

export const SOURCE_SORTS = ["title", "problems", "next", "folder"] as const;
export type SourceSort = (typeof SOURCE_SORTS)[number];

export type SourceListRow = {
  id: number;
  displayTitle: string;
  feedUrl: string;
  folder: string | null;
  enabled: boolean;
  disabledReason: string | null;
  lastOutcome: string | null;
  lastErrorKind: string | null;
  lastSuccessAt: Date | null;
  nextDueAt: Date;
  nextCheckReason: string;
  consecutiveErrors: number;
  health: SourceHealthState;
};

/**
 * Every source the user follows for the sources page, with its health state, in the order asked
 * for. A subscription they paused shows as disabled by them, whoever else still reads the source.
 */
export async function listSources(userId: number, sort: SourceSort, now: Date): Promise<SourceListRow[]> {
  const subscriptions = await getDb().subscription.findMany({
    where: { userId },
    select: {
      customTitle: true,
      paused: true,
      folder: { select: { name: true } },
      source: { select: { id: true, title: true, feedUrl: true, ...SOURCE_STATUS_COLUMNS } },
    },
  });
  const sources = subscriptions.map(({ source, customTitle, paused, folder }) => {
    const row = withPause(source, paused);
    return {
      id: row.id,
      displayTitle: displayTitleOf({ customTitle, title: row.title }),
      feedUrl: row.feedUrl,
      folder: folder?.name ?? null,
      enabled: row.enabled,
      disabledReason: row.disabledReason,
      lastOutcome: row.lastOutcome,
      lastErrorKind: row.lastErrorKind,
      lastSuccessAt: row.lastSuccessAt,
      nextDueAt: row.nextDueAt,
      nextCheckReason: row.nextCheckReason,
      consecutiveErrors: row.consecutiveErrors,
      health: classifySourceHealth(row, now),
    };
  });
  return sources.sort(COMPARATORS[sort]);
}

type Compare = (a: SourceListRow, b: SourceListRow) => number;
const byTitle: Compare = (a, b) => a.displayTitle.localeCompare(b.displayTitle) || a.id - b.id;
const COMPARATORS: Record<SourceSort, Compare> = {
  title: byTitle,
  // The most urgent state first; within a state, the longest-failing and longest-silent first.
  problems: (a, b) =>
    HEALTH_STATE_URGENCY[a.health] - HEALTH_STATE_URGENCY[b.health] ||
    b.consecutiveErrors - a.consecutiveErrors ||
    (a.lastSuccessAt?.getTime() ?? 0) - (b.lastSuccessAt?.getTime() ?? 0) ||
    byTitle(a, b),
  next: (a, b) =>
    Number(b.enabled) - Number(a.enabled) || a.nextDueAt.getTime() - b.nextDueAt.getTime() || byTitle(a, b),
  folder: (a, b) => (a.folder ?? "\uffff").localeCompare(b.folder ?? "\uffff") || byTitle(a, b),
};
