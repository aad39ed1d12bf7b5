// What the fetch log says about how a publisher answers conditional requests, counted in one
// statement (pure; both databases). This is the one place a fetch is classified for the caching
// verdicts: the source page counts its latest BADGE_WINDOW fetches, the publisher view every
// fetch of the last 30 days, with the same expressions.
//
// Per fetch, among those that reached the publisher's answer (errors say nothing about caching):
// - answered304: a conditional request answered 304 Not Modified;
// - churned: a full response whose body is byte-for-byte the previous full one's while its ETag
//   differs from that one's (one ETag per server behind a load balancer): the server never saw
//   the ETag it would have matched, so this is churn, not ignoring;
// - resent: a conditional request answered with the same body again (not churned): the
//   validators were ignored;
// - changed: a conditional request answered with a changed feed: the right answer, and no
//   evidence either way about 304s.
import { sql, joinSql, emptySql, type Sql } from "@/lib/db/sql";

/** One source's latest answered fetches, or every fetch since a date (of some sources only, if given). */
export type EvidenceScope = { sourceId: number; latest: number } | { since: Date; sourceIds?: number[] };

export type ValidatorEvidenceRow = {
  sourceId: number;
  fullResponses: number;
  answered304: number;
  churned: number;
  resent: number;
  changed: number;
};

export function buildValidatorEvidenceSql(scope: EvidenceScope): Sql {
  const rows =
    "sourceId" in scope
      ? sql`SELECT * FROM "Fetch" WHERE "sourceId" = ${scope.sourceId} AND "outcome" IN ('ok', 'not_modified') ORDER BY "startedAt" DESC, "id" DESC LIMIT ${scope.latest}`
      : sql`SELECT * FROM "Fetch" WHERE "startedAt" >= ${scope.since} AND "outcome" IN ('ok', 'not_modified')${
          scope.sourceIds
            ? sql` AND "sourceId" IN (${scope.sourceIds.length > 0 ? joinSql(scope.sourceIds) : sql`NULL`})`
            : emptySql
        }`;
  return sql`SELECT "sourceId",
      CAST(SUM(CASE WHEN "outcome" = 'ok' THEN 1 ELSE 0 END) AS INTEGER) AS "fullResponses",
      CAST(SUM(CASE WHEN "conditional" AND "outcome" = 'not_modified' THEN 1 ELSE 0 END) AS INTEGER) AS "answered304",
      CAST(SUM("churn") AS INTEGER) AS "churned",
      CAST(SUM(CASE WHEN "conditional" AND "outcome" = 'ok' AND "bodyUnchanged" AND "churn" = 0 THEN 1 ELSE 0 END) AS INTEGER) AS "resent",
      CAST(SUM(CASE WHEN "conditional" AND "outcome" = 'ok' AND NOT "bodyUnchanged" THEN 1 ELSE 0 END) AS INTEGER) AS "changed"
    FROM (
      SELECT "sourceId", "outcome", "conditional", "bodyUnchanged",
        CASE WHEN "outcome" = 'ok' AND "bodyUnchanged" AND "etagReceived" <> "previousEtag" THEN 1 ELSE 0 END AS "churn"
      FROM (
        SELECT "sourceId", "outcome", "conditional", "bodyUnchanged", "etagReceived",
          LAG("etagReceived") OVER (PARTITION BY "sourceId", "outcome" ORDER BY "startedAt", "id") AS "previousEtag"
        FROM (${rows}) AS "answered"
      ) AS "paired"
    ) AS "classified"
    GROUP BY "sourceId"`;
}
