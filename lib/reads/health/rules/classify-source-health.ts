// The ONE rule table for "how is this source doing?". Every screen classifies with it: the
// sidebar's dots (lib/reads/articles/sidebar-query.ts runs the table's SQL form), the fleet page's
// counts and "Needs attention" (get-fleet-states.ts), the sources page's "problems first" order
// (lib/reads/sources/list-sources.ts) and the source page's badge, so a source is never "backing off"
// on one screen and "healthy" on another. The first rule that matches decides. Each rule is
// written twice side by side, as a TypeScript test and as a SQL condition, because the sidebar
// classifies a thousand sources per request in its query (a tenth of the cost of reading their
// dates out to classify them here); tests/integration/health-rules.test.ts feeds the same rows
// to both forms and to every caller.
import { sql, joinSql, rawSql, type Sql } from "@/lib/db/sql";
import type { SourceRow } from "@/lib/pipeline/store/fetch/source-row";

export const SOURCE_HEALTH_STATES = [
  "healthy",
  "new",
  "quiet",
  "backing_off",
  "breaker_open",
  "disabled",
  "gone",
] as const;
export type SourceHealthState = (typeof SOURCE_HEALTH_STATES)[number];

/** The Source columns the rules read (a narrow select is enough). */
export type SourceHealthInput = Pick<
  SourceRow,
  | "enabled"
  | "disabledReason"
  | "breakerState"
  | "consecutiveErrors"
  | "retryAfterUntil"
  | "lastOutcome"
  | "lastNewArticleAt"
  | "createdAt"
>;

/** The select that reads exactly those columns (Prisma's `select`), for every query that classifies. */
export const SOURCE_HEALTH_COLUMNS = {
  enabled: true,
  disabledReason: true,
  breakerState: true,
  consecutiveErrors: true,
  retryAfterUntil: true,
  lastOutcome: true,
  lastNewArticleAt: true,
  createdAt: true,
} as const satisfies Record<keyof SourceHealthInput, true>;

/** What the health pages show beside a source's state: its last error, last success and next check. */
export const SOURCE_STATUS_COLUMNS = {
  ...SOURCE_HEALTH_COLUMNS,
  lastErrorKind: true,
  lastSuccessAt: true,
  nextDueAt: true,
  nextCheckReason: true,
} as const;

/** No new article for this long, while fetches succeed, makes a source "quiet" (freshness, not transport). */
export const QUIET_AFTER_DAYS = 30;
export const QUIET_AFTER_MS = QUIET_AFTER_DAYS * 24 * 60 * 60 * 1000;

type HealthRule = {
  state: SourceHealthState;
  when: (source: SourceHealthInput, now: Date) => boolean;
  /** The same condition over a "Source" row (a NULL comparison is false, as `null > now` is here). */
  sql: (now: Date) => Sql;
};

/**
 * Decided where the sidebar's old SQL and the old classifier disagreed:
 * - disabled before the breaker: a source nobody fetches has no breaker to speak of;
 * - a half-open breaker is still open: the next fetch is only its probe, and only a successful
 *   probe closes it (lib/pipeline/policy/breaker.ts treats both as a probe);
 * - backing off follows what the policy counts (consecutiveErrors, a running Retry-After): an
 *   error it did not count (a round judged offline, Tidings' own database) was not the publisher's
 *   doing and slows nothing down, so it leaves the source in the state its other fields give;
 * - never fetched is "new": nothing is known yet, so neither healthy nor quiet;
 * - quiet counts from the last new article, or from the day it was added: a feed followed for ten
 *   days without news has not been silent for thirty.
 */
export const HEALTH_RULES: readonly HealthRule[] = [
  {
    state: "gone",
    when: (source) => !source.enabled && source.disabledReason === "gone",
    sql: () => sql`"enabled" = false AND "disabledReason" = 'gone'`,
  },
  { state: "disabled", when: (source) => !source.enabled, sql: () => sql`"enabled" = false` },
  {
    state: "breaker_open",
    when: (source) => source.breakerState !== "closed",
    sql: () => sql`"breakerState" <> 'closed'`,
  },
  {
    state: "backing_off",
    when: (source, now) =>
      source.consecutiveErrors > 0 ||
      (source.retryAfterUntil !== null && source.retryAfterUntil.getTime() > now.getTime()),
    sql: (now) => sql`("consecutiveErrors" > 0 OR "retryAfterUntil" > ${now})`,
  },
  { state: "new", when: (source) => source.lastOutcome === null, sql: () => sql`"lastOutcome" IS NULL` },
  {
    state: "quiet",
    when: (source, now) => now.getTime() - (source.lastNewArticleAt ?? source.createdAt).getTime() >= QUIET_AFTER_MS,
    sql: (now) => sql`COALESCE("lastNewArticleAt", "createdAt") <= ${new Date(now.getTime() - QUIET_AFTER_MS)}`,
  },
  { state: "healthy", when: () => true, sql: () => sql`1 = 1` },
];

export function classifySourceHealth(source: SourceHealthInput, now: Date): SourceHealthState {
  return HEALTH_RULES.find((rule) => rule.when(source, now))!.state;
}

/** The table as one SQL CASE over "Source", giving the state's name. */
export function buildHealthStateSql(now: Date): Sql {
  const branches = HEALTH_RULES.map((rule) => sql`WHEN ${rule.sql(now)} THEN ${rawSql(`'${rule.state}'`)}`);
  return sql`CASE ${joinSql(branches, " ")} END`;
}

/** "Problems first": the states a person should look at, most urgent first. */
export const HEALTH_STATE_URGENCY: Record<SourceHealthState, number> = {
  gone: 0,
  breaker_open: 1,
  backing_off: 2,
  quiet: 3,
  new: 4,
  disabled: 5,
  healthy: 6,
};
