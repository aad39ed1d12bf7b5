-- AlterTable
ALTER TABLE "Source" ADD COLUMN     "maxIntervalSeconds" INTEGER,
ADD COLUMN     "retentionDays" INTEGER;

-- CreateTable
CREATE TABLE "SourceLogin" (
    "sourceId" INTEGER NOT NULL,
    "user" TEXT NOT NULL,
    "password" TEXT NOT NULL,
    "origin" TEXT NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "SourceLogin_pkey" PRIMARY KEY ("sourceId")
);

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
ALTER TABLE "SourceLogin" ADD CONSTRAINT "SourceLogin_sourceId_fkey" FOREIGN KEY ("sourceId") REFERENCES "Source"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "RemovedArticle" ADD CONSTRAINT "RemovedArticle_sourceId_fkey" FOREIGN KEY ("sourceId") REFERENCES "Source"("id") ON DELETE CASCADE ON UPDATE CASCADE;

