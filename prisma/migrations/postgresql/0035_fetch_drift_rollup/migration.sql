-- CreateTable
CREATE TABLE "FetchDrift" (
    "hour" TEXT NOT NULL,
    "driftMs" INTEGER NOT NULL,
    "fetches" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "FetchDrift_pkey" PRIMARY KEY ("hour","driftMs")
);

-- The roll-up starts from the fetch log's kept days (FETCH_LOG_DAYS), by the store's rule
-- (lib/pipeline/store/fetch/drift-rollup.ts): scheduled feed fetches only, counted per UTC hour
-- and per drift rounded toward zero to two significant digits, never finer than 100 ms. BIGINT:
-- abs() of the 32-bit column's lowest value does not fit in 32 bits.
INSERT INTO "FetchDrift" ("hour", "driftMs", "fetches")
SELECT to_char("startedAt", 'YYYY-MM-DD"T"HH24') AS "hour",
  CASE
    WHEN abs(CAST("driftMs" AS BIGINT)) < 10000 THEN CAST("driftMs" AS BIGINT) / 100 * 100
    WHEN abs(CAST("driftMs" AS BIGINT)) < 100000 THEN CAST("driftMs" AS BIGINT) / 1000 * 1000
    WHEN abs(CAST("driftMs" AS BIGINT)) < 1000000 THEN CAST("driftMs" AS BIGINT) / 10000 * 10000
    WHEN abs(CAST("driftMs" AS BIGINT)) < 10000000 THEN CAST("driftMs" AS BIGINT) / 100000 * 100000
    WHEN abs(CAST("driftMs" AS BIGINT)) < 100000000 THEN CAST("driftMs" AS BIGINT) / 1000000 * 1000000
    WHEN abs(CAST("driftMs" AS BIGINT)) < 1000000000 THEN CAST("driftMs" AS BIGINT) / 10000000 * 10000000
    ELSE CAST("driftMs" AS BIGINT) / 100000000 * 100000000
  END AS "driftMs",
  COUNT(*)
FROM "Fetch" WHERE "driftMs" IS NOT NULL AND "kind" = 'feed'
GROUP BY 1, 2;
