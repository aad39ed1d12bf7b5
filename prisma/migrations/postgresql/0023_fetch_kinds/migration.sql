-- AlterTable
ALTER TABLE "Fetch" ADD COLUMN     "articleId" INTEGER,
ADD COLUMN     "kind" TEXT NOT NULL DEFAULT 'feed',
ADD COLUMN     "url" TEXT;

-- The page and icon requests move into the one log of requests (issue 27): copied with their kind,
-- URL and article, oldest first, then their own table goes (no twin tables).
INSERT INTO "Fetch" ("sourceId", "kind", "url", "articleId", "startedAt", "durationMs", "laneWaitMs", "outcome",
  "errorKind", "httpStatus", "bytesReceived", "conditional", "manual", "detail")
SELECT "sourceId", "kind", "url", "articleId", "startedAt", "durationMs", "laneWaitMs", "outcome",
  "errorKind", "httpStatus", "bytesReceived", "conditional", "manual", "detail"
FROM "PageFetch" ORDER BY "startedAt", "id";

-- DropForeignKey
ALTER TABLE "PageFetch" DROP CONSTRAINT "PageFetch_sourceId_fkey";
ALTER TABLE "PageFetch" DROP CONSTRAINT "PageFetch_articleId_fkey";

-- DropTable
DROP TABLE "PageFetch";
