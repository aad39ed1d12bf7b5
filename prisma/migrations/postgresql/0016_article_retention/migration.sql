-- AlterTable
ALTER TABLE "Source" ADD COLUMN     "retentionDays" INTEGER;

-- CreateTable
CREATE TABLE "RemovedArticle" (
    "sourceId" INTEGER NOT NULL,
    "dedupeKey" TEXT NOT NULL,
    "contentHash" TEXT NOT NULL,
    "removedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "RemovedArticle_pkey" PRIMARY KEY ("sourceId","dedupeKey")
);

-- CreateIndex
CREATE INDEX "RemovedArticle_sourceId_contentHash_idx" ON "RemovedArticle"("sourceId", "contentHash");

-- AddForeignKey
ALTER TABLE "RemovedArticle" ADD CONSTRAINT "RemovedArticle_sourceId_fkey" FOREIGN KEY ("sourceId") REFERENCES "Source"("id") ON DELETE CASCADE ON UPDATE CASCADE;

