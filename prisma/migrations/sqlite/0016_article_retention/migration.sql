-- AlterTable
ALTER TABLE "Source" ADD COLUMN "retentionDays" INTEGER;

-- CreateTable
CREATE TABLE "RemovedArticle" (
    "sourceId" INTEGER NOT NULL,
    "dedupeKey" TEXT NOT NULL,
    "contentHash" TEXT NOT NULL,
    "removedAt" DATETIME NOT NULL,

    PRIMARY KEY ("sourceId", "dedupeKey"),
    CONSTRAINT "RemovedArticle_sourceId_fkey" FOREIGN KEY ("sourceId") REFERENCES "Source" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "RemovedArticle_sourceId_contentHash_idx" ON "RemovedArticle"("sourceId", "contentHash");

