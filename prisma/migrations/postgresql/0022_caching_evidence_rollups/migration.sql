-- AlterTable
ALTER TABLE "FetchDaily" ADD COLUMN     "answered304" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "churned" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "resent" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "changed" INTEGER NOT NULL DEFAULT 0;

-- Backfill the roll-ups from the fetch log still kept, by the rule of
-- lib/pipeline/store/fetch/caching-evidence.ts (each full response compared with the previous full
-- response of its source).
UPDATE "FetchDaily" SET
  "answered304" = "counted"."answered304",
  "churned" = "counted"."churned",
  "resent" = "counted"."resent",
  "changed" = "counted"."changed"
FROM (
  SELECT "sourceId", "day",
    CAST(SUM(CASE WHEN "conditional" AND "outcome" = 'not_modified' THEN 1 ELSE 0 END) AS INTEGER) AS "answered304",
    CAST(SUM("churn") AS INTEGER) AS "churned",
    CAST(SUM(CASE WHEN "conditional" AND "outcome" = 'ok' AND "bodyUnchanged" AND "churn" = 0 THEN 1 ELSE 0 END) AS INTEGER) AS "resent",
    CAST(SUM(CASE WHEN "conditional" AND "outcome" = 'ok' AND NOT "bodyUnchanged" THEN 1 ELSE 0 END) AS INTEGER) AS "changed"
  FROM (
    SELECT "sourceId", "day", "outcome", "conditional", "bodyUnchanged",
      CASE WHEN "outcome" = 'ok' AND "bodyUnchanged" AND "etagReceived" <> "previousEtag" THEN 1 ELSE 0 END AS "churn"
    FROM (
      SELECT "sourceId", to_char("startedAt", 'YYYY-MM-DD') AS "day", "outcome", "conditional", "bodyUnchanged", "etagReceived",
        LAG("etagReceived") OVER (PARTITION BY "sourceId", "outcome" ORDER BY "startedAt", "id") AS "previousEtag"
      FROM "Fetch" WHERE "outcome" IN ('ok', 'not_modified')
    ) AS "paired"
  ) AS "classified"
  GROUP BY "sourceId", "day"
) AS "counted"
WHERE "FetchDaily"."sourceId" = "counted"."sourceId" AND "FetchDaily"."day" = "counted"."day";
