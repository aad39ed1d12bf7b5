-- CreateTable
CREATE TABLE "FetchFleetDaily" (
    "day" TEXT NOT NULL PRIMARY KEY,
    "ok" INTEGER NOT NULL DEFAULT 0,
    "notModified" INTEGER NOT NULL DEFAULT 0,
    "error" INTEGER NOT NULL DEFAULT 0,
    "bytesReceived" BIGINT NOT NULL DEFAULT 0,
    "bytesSaved" BIGINT NOT NULL DEFAULT 0,
    "newArticles" INTEGER NOT NULL DEFAULT 0,
    "durationMsSum" BIGINT NOT NULL DEFAULT 0
);


-- The roll-up starts as the sum of every source's kept days (FetchDaily), as the store adds each
-- fetch to both (lib/pipeline/store/fetch/daily-rollup.ts).
INSERT INTO "FetchFleetDaily" ("day", "ok", "notModified", "error", "bytesReceived", "bytesSaved", "newArticles", "durationMsSum")
SELECT "day", SUM("ok"), SUM("notModified"), SUM("error"), SUM(CAST("bytesReceived" AS BIGINT)),
  SUM(CAST("bytesSaved" AS BIGINT)), SUM("newArticles"), SUM(CAST("durationMsSum" AS BIGINT))
FROM "FetchDaily" GROUP BY "day";
