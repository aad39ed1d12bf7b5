-- AlterTable
ALTER TABLE "Source" ADD COLUMN     "feedIconUrl" TEXT,
ADD COLUMN     "fullText" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "fullTextSelector" TEXT;

-- CreateTable
CREATE TABLE "ArticlePage" (
    "articleId" INTEGER NOT NULL,
    "url" TEXT NOT NULL,
    "state" TEXT NOT NULL,
    "errorKind" TEXT,
    "detail" TEXT,
    "content" TEXT,
    "extractedBy" TEXT,
    "html" BYTEA,
    "etag" TEXT,
    "lastModified" TEXT,
    "fetchedAt" TIMESTAMP(3) NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 1,

    CONSTRAINT "ArticlePage_pkey" PRIMARY KEY ("articleId")
);

-- CreateTable
CREATE TABLE "PageFetch" (
    "id" SERIAL NOT NULL,
    "sourceId" INTEGER NOT NULL,
    "articleId" INTEGER,
    "kind" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "startedAt" TIMESTAMP(3) NOT NULL,
    "durationMs" INTEGER NOT NULL,
    "laneWaitMs" INTEGER NOT NULL DEFAULT 0,
    "outcome" TEXT NOT NULL,
    "errorKind" TEXT,
    "httpStatus" INTEGER,
    "bytesReceived" INTEGER NOT NULL DEFAULT 0,
    "conditional" BOOLEAN NOT NULL DEFAULT false,
    "manual" BOOLEAN NOT NULL DEFAULT false,
    "detail" TEXT,

    CONSTRAINT "PageFetch_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SiteIcon" (
    "site" TEXT NOT NULL,
    "iconId" INTEGER,
    "url" TEXT,
    "etag" TEXT,
    "lastModified" TEXT,
    "state" TEXT NOT NULL,
    "detail" TEXT,
    "checkedAt" TIMESTAMP(3) NOT NULL,
    "nextCheckAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "SiteIcon_pkey" PRIMARY KEY ("site")
);

-- CreateTable
CREATE TABLE "Icon" (
    "id" SERIAL NOT NULL,
    "hash" TEXT NOT NULL,
    "contentType" TEXT NOT NULL,
    "data" BYTEA NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Icon_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "PageFetch_sourceId_startedAt_idx" ON "PageFetch"("sourceId", "startedAt");

-- CreateIndex
CREATE INDEX "PageFetch_startedAt_idx" ON "PageFetch"("startedAt");

-- CreateIndex
CREATE INDEX "SiteIcon_nextCheckAt_idx" ON "SiteIcon"("nextCheckAt");

-- CreateIndex
CREATE UNIQUE INDEX "Icon_hash_key" ON "Icon"("hash");

-- AddForeignKey
ALTER TABLE "ArticlePage" ADD CONSTRAINT "ArticlePage_articleId_fkey" FOREIGN KEY ("articleId") REFERENCES "Article"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PageFetch" ADD CONSTRAINT "PageFetch_sourceId_fkey" FOREIGN KEY ("sourceId") REFERENCES "Source"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PageFetch" ADD CONSTRAINT "PageFetch_articleId_fkey" FOREIGN KEY ("articleId") REFERENCES "Article"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SiteIcon" ADD CONSTRAINT "SiteIcon_iconId_fkey" FOREIGN KEY ("iconId") REFERENCES "Icon"("id") ON DELETE SET NULL ON UPDATE CASCADE;

