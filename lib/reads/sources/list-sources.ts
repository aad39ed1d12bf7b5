import "server-only";
import { getDb, providerOf, sqlReaderOf } from "@/lib/db/client";
import { sql, joinSql, emptySql, rawSql, type Sql } from "@/lib/db/sql";
import { containsTextSql, foldedTextSql, type Provider } from "@/lib/db/dialect";
import { displayTitleSql } from "@/lib/db/display-title";
import {
  buildHealthStateSql,
  HEALTH_STATE_URGENCY,
  type SourceHealthState,
} from "@/lib/reads/health/rules/classify-source-health";
import { placeSourcesPage, SOURCES_PER_PAGE, type PagePlace } from "@/lib/reads/sources/page-sources";
import type { SourcesView } from "@/lib/reads/sources/sources-view";

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

export type SourcesPage = PagePlace & {
  rows: SourceListRow[];
  /** Every source this user follows, whatever the state and search. */
  total: number;
};

type Count = number | bigint | string | null;

/**
 * One page of the sources list, of the sources this user follows as they see them (their title,
 * their folder; one they paused shows as disabled by them, whoever else still reads it: the SQL
 * form of withPause): the sources of a health state and a search, in the order asked for, a
 * hundred at a time. Classified, filtered, sorted and cut in the database (the rule table's
 * SQL form): at 10,000 sources, reading every source out to classify and sort it here cost
 * ~470 ms a request. Offset paging, because the page number is in the address (a shared link
 * opens on the same page); the offset is at most the fleet's size, a sort the database does anyway.
 */
export async function listSourcesPage(
  userId: number,
  view: Pick<SourcesView, "sort" | "state" | "q" | "page">,
  now: Date,
  perPage = SOURCES_PER_PAGE,
): Promise<SourcesPage> {
  const db = getDb();
  const provider = providerOf(db);
  const reader = sqlReaderOf(db);
  const paused = sql`("Subscription"."paused" AND "Source"."enabled")`;
  const seen = sql`SELECT "Source"."id", "Source"."feedUrl", "Source"."breakerState", "Source"."consecutiveErrors",
      "Source"."retryAfterUntil", "Source"."lastOutcome", "Source"."lastErrorKind", "Source"."lastSuccessAt",
      "Source"."lastNewArticleAt", "Source"."createdAt", "Source"."nextDueAt", "Source"."nextCheckReason",
      CASE WHEN ${paused} THEN false ELSE "Source"."enabled" END AS "enabled",
      CASE WHEN ${paused} THEN 'user' ELSE "Source"."disabledReason" END AS "disabledReason",
      ${displayTitleSql()} AS "displayTitle", "Subscription"."folderId"
    FROM "Subscription" JOIN "Source" ON "Source"."id" = "Subscription"."sourceId"
    WHERE "Subscription"."userId" = ${userId}`;
  const classified = sql`SELECT "seen".*, ${buildHealthStateSql(now)} AS "health" FROM (${seen}) AS "seen"`;
  const filters = [
    ...(view.state === null ? [] : [sql`"health" = ${view.state}`]),
    ...(view.q === ""
      ? []
      : [
          sql`(${containsTextSql(provider, sql`"displayTitle"`, view.q)} OR ${containsTextSql(provider, sql`"feedUrl"`, view.q)})`,
        ]),
  ];
  const matches = filters.length === 0 ? sql`1 = 1` : joinSql(filters, " AND ");
  const [counted] = await reader.all<{ total: Count; matching: Count }>(sql`
    SELECT COUNT(*) AS "total", COALESCE(SUM(CASE WHEN ${matches} THEN 1 ELSE 0 END), 0) AS "matching"
    FROM (${classified}) AS "classified"`);
  const total = Number(counted?.total ?? 0);
  const placed = placeSourcesPage(Number(counted?.matching ?? 0), view.page, perPage);
  const rows =
    placed.matching === 0
      ? []
      : await reader.all<SourceListRow>(sql`
    SELECT "classified"."id", "displayTitle", "feedUrl", "UserFolder"."name" AS "folder", "enabled", "disabledReason",
      "lastOutcome", "lastErrorKind", "lastSuccessAt", "nextDueAt", "nextCheckReason", "consecutiveErrors", "health"
    FROM (${classified}) AS "classified" LEFT JOIN "UserFolder" ON "UserFolder"."id" = "classified"."folderId"
    ${filters.length === 0 ? emptySql : sql`WHERE ${matches}`}
    ORDER BY ${orderSql(view.sort, provider)}
    LIMIT ${perPage} OFFSET ${placed.offset}`);
  // "enabled" is computed (the pause), and SQLite gives a computed boolean as 0 or 1.
  return { ...placed, rows: rows.map((row) => ({ ...row, enabled: Boolean(row.enabled) })), total };
}

/** Each sort's order; every one ends with the title and the id, so a page boundary is stable. */
function orderSql(sort: SourceSort, provider: Provider): Sql {
  const byTitle = sql`${foldedTextSql(provider, sql`"displayTitle"`)}, "displayTitle", "classified"."id"`;
  const urgency = rawSql(
    Object.entries(HEALTH_STATE_URGENCY)
      .map(([state, rank]) => `WHEN '${state}' THEN ${rank}`)
      .join(" "),
  );
  switch (sort) {
    case "title":
      return byTitle;
    // The most urgent state first; within a state, the longest-failing and longest-silent first
    // (never a success: first of all).
    case "problems":
      return sql`CASE "health" ${urgency} END, "consecutiveErrors" DESC, ("lastSuccessAt" IS NOT NULL), "lastSuccessAt", ${byTitle}`;
    case "next":
      return sql`"enabled" DESC, "nextDueAt", ${byTitle}`;
    // Sources without a folder last.
    case "folder":
      return sql`("UserFolder"."name" IS NULL), ${foldedTextSql(provider, sql`"UserFolder"."name"`)}, ${byTitle}`;
  }
}
