import "server-only";
import { getDb } from "@/lib/db/client";
import {
  classifySourceHealth,
  HEALTH_STATE_URGENCY,
  type SourceHealthState,
} from "@/lib/reads/health/rules/classify-source-health";
import { displayTitleOf } from "@/lib/db/display-title";
import { SOURCE_NAME_COLUMNS } from "@/lib/db/display-title";
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

/** Every source for the sources page, with its health state, in the order asked for. */
export async function listSources(sort: SourceSort, now: Date): Promise<SourceListRow[]> {
  const rows = await getDb().source.findMany({
    select: {
      ...SOURCE_NAME_COLUMNS,
      ...SOURCE_STATUS_COLUMNS,
      folder: { select: { name: true } },
    },
  });
  const sources = rows.map((row) => ({
    id: row.id,
    displayTitle: displayTitleOf(row),
    feedUrl: row.feedUrl,
    folder: row.folder?.name ?? null,
    enabled: row.enabled,
    disabledReason: row.disabledReason,
    lastOutcome: row.lastOutcome,
    lastErrorKind: row.lastErrorKind,
    lastSuccessAt: row.lastSuccessAt,
    nextDueAt: row.nextDueAt,
    nextCheckReason: row.nextCheckReason,
    consecutiveErrors: row.consecutiveErrors,
    health: classifySourceHealth(row, now),
  }));
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
