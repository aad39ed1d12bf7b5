-- CreateTable
CREATE TABLE "ArticlePage" (
    "articleId" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "url" TEXT NOT NULL,
    "state" TEXT NOT NULL,
    "errorKind" TEXT,
    "detail" TEXT,
    "content" TEXT,
    "extractedBy" TEXT,
    "html" BLOB,
    "etag" TEXT,
    "lastModified" TEXT,
    "fetchedAt" DATETIME NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 1,
    CONSTRAINT "ArticlePage_articleId_fkey" FOREIGN KEY ("articleId") REFERENCES "Article" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "PageFetch" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "sourceId" INTEGER NOT NULL,
    "articleId" INTEGER,
    "kind" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "startedAt" DATETIME NOT NULL,
    "durationMs" INTEGER NOT NULL,
    "laneWaitMs" INTEGER NOT NULL DEFAULT 0,
    "outcome" TEXT NOT NULL,
    "errorKind" TEXT,
    "httpStatus" INTEGER,
    "bytesReceived" INTEGER NOT NULL DEFAULT 0,
    "conditional" BOOLEAN NOT NULL DEFAULT false,
    "manual" BOOLEAN NOT NULL DEFAULT false,
    "detail" TEXT,
    CONSTRAINT "PageFetch_sourceId_fkey" FOREIGN KEY ("sourceId") REFERENCES "Source" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "PageFetch_articleId_fkey" FOREIGN KEY ("articleId") REFERENCES "Article" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "SiteIcon" (
    "site" TEXT NOT NULL PRIMARY KEY,
    "iconId" INTEGER,
    "url" TEXT,
    "etag" TEXT,
    "lastModified" TEXT,
    "state" TEXT NOT NULL,
    "detail" TEXT,
    "checkedAt" DATETIME NOT NULL,
    "nextCheckAt" DATETIME NOT NULL,
    CONSTRAINT "SiteIcon_iconId_fkey" FOREIGN KEY ("iconId") REFERENCES "Icon" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Icon" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "hash" TEXT NOT NULL,
    "contentType" TEXT NOT NULL,
    "data" BLOB NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- AlterTable (written by hand: Prisma's diff redefines the whole table, and a table copy would
-- also drop any Source column another migration added since)
ALTER TABLE "Source" ADD COLUMN "fullText" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "Source" ADD COLUMN "fullTextSelector" TEXT;
ALTER TABLE "Source" ADD COLUMN "feedIconUrl" TEXT;

-- CreateIndex
CREATE INDEX "PageFetch_sourceId_startedAt_idx" ON "PageFetch"("sourceId", "startedAt");

-- CreateIndex
CREATE INDEX "PageFetch_startedAt_idx" ON "PageFetch"("startedAt");

-- CreateIndex
CREATE INDEX "SiteIcon_nextCheckAt_idx" ON "SiteIcon"("nextCheckAt");

-- CreateIndex
CREATE UNIQUE INDEX "Icon_hash_key" ON "Icon"("hash");

