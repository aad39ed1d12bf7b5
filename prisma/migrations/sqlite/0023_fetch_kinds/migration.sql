-- AlterTable (ADD COLUMN, not a table rebuild: the fetch log stays where it is; written by hand
-- because Prisma's diff rebuilt the table)
ALTER TABLE "Fetch" ADD COLUMN "kind" TEXT NOT NULL DEFAULT 'feed';
ALTER TABLE "Fetch" ADD COLUMN "url" TEXT;
ALTER TABLE "Fetch" ADD COLUMN "articleId" INTEGER;

-- The page and icon requests move into the one log of requests (issue 27): copied with their kind,
-- URL and article, oldest first, then their own table goes (no twin tables).
INSERT INTO "Fetch" ("sourceId", "kind", "url", "articleId", "startedAt", "durationMs", "laneWaitMs", "outcome",
  "errorKind", "httpStatus", "bytesReceived", "conditional", "manual", "detail")
SELECT "sourceId", "kind", "url", "articleId", "startedAt", "durationMs", "laneWaitMs", "outcome",
  "errorKind", "httpStatus", "bytesReceived", "conditional", "manual", "detail"
FROM "PageFetch" ORDER BY "startedAt", "id";

DROP INDEX "PageFetch_sourceId_startedAt_idx";
DROP INDEX "PageFetch_startedAt_idx";
DROP TABLE "PageFetch";
