import "server-only";
import { getDb } from "@/lib/db/client";
import {
  classifySourceHealth,
  HEALTH_STATE_URGENCY,
  SOURCE_HEALTH_STATES,
  type SourceHealthState,
} from "@/lib/reads/health/rules/classify-source-health";
import { displayTitleOf } from "@/lib/db/display-title";
import { SOURCE_NAME_COLUMNS } from "@/lib/db/display-title";
import { SOURCE_STATUS_COLUMNS } from "@/lib/reads/health/rules/classify-source-health";

export type AttentionSource = {
  id: number;
  displayTitle: string;
  feedUrl: string;
  health: SourceHealthState;
  lastErrorKind: string | null;
  consecutiveErrors: number;
  failingSince: Date | null;
  lastSuccessAt: Date | null;
  lastNewArticleAt: Date | null;
  nextDueAt: Date;
  nextCheckReason: string;
};

/** Sources per health state, and those that need attention first (gone, breaker open, backing off, quiet). */
export async function getFleetStates(now: Date, attentionLimit = 10) {
  const rows = await getDb().source.findMany({
    select: {
      ...SOURCE_NAME_COLUMNS,
      ...SOURCE_STATUS_COLUMNS,
      failingSince: true,
    },
  });
  const counts = Object.fromEntries(SOURCE_HEALTH_STATES.map((state) => [state, 0])) as Record<
    SourceHealthState,
    number
  >;
  const attention: AttentionSource[] = [];
  for (const row of rows) {
    const health = classifySourceHealth(row, now);
    counts[health] += 1;
    // A source not fetched yet is due in the next round: nothing to look at.
    if (health === "healthy" || health === "disabled" || health === "new") continue;
    attention.push({
      id: row.id,
      displayTitle: displayTitleOf(row),
      feedUrl: row.feedUrl,
      health,
      lastErrorKind: row.lastErrorKind,
      consecutiveErrors: row.consecutiveErrors,
      failingSince: row.failingSince,
      lastSuccessAt: row.lastSuccessAt,
      lastNewArticleAt: row.lastNewArticleAt,
      nextDueAt: row.nextDueAt,
      nextCheckReason: row.nextCheckReason,
    });
  }
  attention.sort(
    (a, b) =>
      HEALTH_STATE_URGENCY[a.health] - HEALTH_STATE_URGENCY[b.health] ||
      b.consecutiveErrors - a.consecutiveErrors ||
      (a.lastSuccessAt?.getTime() ?? 0) - (b.lastSuccessAt?.getTime() ?? 0) ||
      a.id - b.id,
  );
  return {
    total: rows.length,
    counts,
    attention: attention.slice(0, attentionLimit),
    attentionTotal: attention.length,
  };
}
