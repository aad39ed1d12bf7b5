import "server-only";
import { getDb, sqlReaderOf } from "@/lib/db/client";
import { sql, rawSql } from "@/lib/db/sql";
import {
  buildHealthStateSql,
  HEALTH_STATE_URGENCY,
  SOURCE_HEALTH_STATES,
  type SourceHealthState,
} from "@/lib/reads/health/rules/classify-source-health";

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

/** A source not fetched yet is due in the next round: nothing to look at; nor is a healthy or disabled one. */
const CALM_STATES: readonly SourceHealthState[] = ["healthy", "disabled", "new"];

/**
 * Sources per health state, and those that need attention first (gone, breaker open, backing off,
 * quiet). Classified in the database by the rule table's SQL form: reading 10,000 sources' dates out
 * to classify them here cost 0.7–1.0 s per /health request; the counts and the first few rows cost
 * a scan of Source and no transfer.
 */
export async function getFleetStates(now: Date, attentionLimit = 10) {
  const reader = sqlReaderOf(getDb());
  const classified = sql`SELECT "Source".*, ${buildHealthStateSql(now)} AS "state" FROM "Source"`;
  const calm = rawSql(CALM_STATES.map((state) => `'${state}'`).join(", "));
  const urgency = rawSql(
    `CASE "state" ${Object.entries(HEALTH_STATE_URGENCY)
      .map(([state, rank]) => `WHEN '${state}' THEN ${rank}`)
      .join(" ")} END`,
  );
  const [grouped, attention] = await Promise.all([
    reader.all<{ state: SourceHealthState; n: number | bigint | string }>(
      sql`SELECT "state", COUNT(*) AS "n" FROM (${classified}) AS "classified" GROUP BY "state"`,
    ),
    // Most urgent first, then the most errors in a row, then the longest without a success (never first).
    reader.all<Omit<AttentionSource, "health"> & { state: SourceHealthState }>(sql`
      SELECT "id", "title" AS "displayTitle", "feedUrl", "state", "lastErrorKind",
        "consecutiveErrors", "failingSince", "lastSuccessAt", "lastNewArticleAt", "nextDueAt", "nextCheckReason"
      FROM (${classified}) AS "classified"
      WHERE "state" NOT IN (${calm})
      ORDER BY ${urgency}, "consecutiveErrors" DESC, ("lastSuccessAt" IS NOT NULL), "lastSuccessAt", "id"
      LIMIT ${attentionLimit}`),
  ]);
  const counts = Object.fromEntries(SOURCE_HEALTH_STATES.map((state) => [state, 0])) as Record<
    SourceHealthState,
    number
  >;
  for (const row of grouped) counts[row.state] = Number(row.n);
  const total = SOURCE_HEALTH_STATES.reduce((sum, state) => sum + counts[state], 0);
  const calmTotal = CALM_STATES.reduce((sum, state) => sum + counts[state], 0);
  return {
    total,
    counts,
    attention: attention.map(({ state, ...row }): AttentionSource => ({ ...row, health: state })),
    attentionTotal: total - calmTotal,
  };
}
