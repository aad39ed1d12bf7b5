-- CreateTable
CREATE TABLE "RequestTally" (
    "kind" TEXT NOT NULL,
    "requests" BIGINT NOT NULL DEFAULT 0,
    "bytesReceived" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "RequestTally_pkey" PRIMARY KEY ("kind")
);


-- Page and icon requests start from what the fetch log still holds (the rows pruned before this
-- migration were never counted), so the counters never start below the gauges they replace.
INSERT INTO "RequestTally" ("kind", "requests", "bytesReceived")
SELECT "kind", COUNT(*), COALESCE(SUM("bytesReceived"), 0) FROM "Fetch" WHERE "kind" IN ('page', 'icon') GROUP BY "kind";
