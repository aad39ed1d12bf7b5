-- CreateTable
CREATE TABLE "Folder" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "name" TEXT NOT NULL,
    "position" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "Source" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "feedUrl" TEXT NOT NULL,
    "siteUrl" TEXT,
    "title" TEXT NOT NULL,
    "customTitle" TEXT,
    "kind" TEXT,
    "folderId" INTEGER,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "disabledReason" TEXT,
    "disabledAt" DATETIME,
    "etag" TEXT,
    "lastModified" TEXT,
    "lastBodyHash" TEXT,
    "lastBodyBytes" INTEGER,
    "nextDueAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "intervalSeconds" INTEGER NOT NULL DEFAULT 3600,
    "minIntervalSeconds" INTEGER,
    "publisherFloorSeconds" INTEGER,
    "consecutiveNotModified" INTEGER NOT NULL DEFAULT 0,
    "consecutiveErrors" INTEGER NOT NULL DEFAULT 0,
    "breakerState" TEXT NOT NULL DEFAULT 'closed',
    "breakerChangedAt" DATETIME,
    "breakerCooldownSeconds" INTEGER,
    "retryAfterUntil" DATETIME,
    "nextCheckReason" TEXT NOT NULL DEFAULT 'new source: first fetch',
    "pendingRedirectUrl" TEXT,
    "pendingRedirectCount" INTEGER NOT NULL DEFAULT 0,
    "unreadCount" INTEGER NOT NULL DEFAULT 0,
    "lastFetchedAt" DATETIME,
    "lastOutcome" TEXT,
    "lastErrorKind" TEXT,
    "lastSuccessAt" DATETIME,
    "lastNewArticleAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Source_folderId_fkey" FOREIGN KEY ("folderId") REFERENCES "Folder" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "SourceEvent" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "sourceId" INTEGER NOT NULL,
    "at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "kind" TEXT NOT NULL,
    "detail" TEXT NOT NULL,
    CONSTRAINT "SourceEvent_sourceId_fkey" FOREIGN KEY ("sourceId") REFERENCES "Source" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Fetch" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "sourceId" INTEGER NOT NULL,
    "roundId" INTEGER,
    "startedAt" DATETIME NOT NULL,
    "durationMs" INTEGER NOT NULL,
    "outcome" TEXT NOT NULL,
    "errorKind" TEXT,
    "httpStatus" INTEGER,
    "bytesReceived" INTEGER NOT NULL DEFAULT 0,
    "bodyBytes" INTEGER,
    "entriesSeen" INTEGER NOT NULL DEFAULT 0,
    "newArticles" INTEGER NOT NULL DEFAULT 0,
    "updatedArticles" INTEGER NOT NULL DEFAULT 0,
    "bodyUnchanged" BOOLEAN NOT NULL DEFAULT false,
    "conditional" BOOLEAN NOT NULL DEFAULT false,
    "etagReceived" TEXT,
    "lastModifiedReceived" TEXT,
    "contentEncoding" TEXT,
    "maxAgeSeconds" INTEGER,
    "redirectUrl" TEXT,
    "manual" BOOLEAN NOT NULL DEFAULT false,
    "detail" TEXT,
    CONSTRAINT "Fetch_sourceId_fkey" FOREIGN KEY ("sourceId") REFERENCES "Source" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Fetch_roundId_fkey" FOREIGN KEY ("roundId") REFERENCES "Round" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "FetchDaily" (
    "sourceId" INTEGER NOT NULL,
    "day" TEXT NOT NULL,
    "ok" INTEGER NOT NULL DEFAULT 0,
    "notModified" INTEGER NOT NULL DEFAULT 0,
    "error" INTEGER NOT NULL DEFAULT 0,
    "bytesReceived" INTEGER NOT NULL DEFAULT 0,
    "bytesSaved" INTEGER NOT NULL DEFAULT 0,
    "newArticles" INTEGER NOT NULL DEFAULT 0,
    "durationMsSum" INTEGER NOT NULL DEFAULT 0,

    PRIMARY KEY ("sourceId", "day"),
    CONSTRAINT "FetchDaily_sourceId_fkey" FOREIGN KEY ("sourceId") REFERENCES "Source" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Article" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "sourceId" INTEGER NOT NULL,
    "dedupeKey" TEXT NOT NULL,
    "guid" TEXT,
    "url" TEXT,
    "title" TEXT NOT NULL,
    "author" TEXT,
    "summary" TEXT,
    "snippet" TEXT,
    "content" TEXT,
    "enclosures" TEXT,
    "publishedAt" DATETIME NOT NULL,
    "firstSeenAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME,
    "contentHash" TEXT NOT NULL,
    "readAt" DATETIME,
    "starredAt" DATETIME,
    CONSTRAINT "Article_sourceId_fkey" FOREIGN KEY ("sourceId") REFERENCES "Source" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Round" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "startedAt" DATETIME NOT NULL,
    "finishedAt" DATETIME,
    "trigger" TEXT NOT NULL,
    "instanceId" TEXT NOT NULL,
    "sourcesDue" INTEGER NOT NULL DEFAULT 0,
    "sourcesAttempted" INTEGER NOT NULL DEFAULT 0,
    "okCount" INTEGER NOT NULL DEFAULT 0,
    "notModifiedCount" INTEGER NOT NULL DEFAULT 0,
    "errorCount" INTEGER NOT NULL DEFAULT 0,
    "newArticles" INTEGER NOT NULL DEFAULT 0,
    "bytesReceived" INTEGER NOT NULL DEFAULT 0,
    "offline" BOOLEAN NOT NULL DEFAULT false,
    "budgetExhausted" BOOLEAN NOT NULL DEFAULT false
);

-- CreateTable
CREATE TABLE "Lease" (
    "name" TEXT NOT NULL PRIMARY KEY,
    "holder" TEXT NOT NULL,
    "acquiredAt" DATETIME NOT NULL,
    "expiresAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "HostState" (
    "host" TEXT NOT NULL PRIMARY KEY,
    "retryAfterUntil" DATETIME,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "Setting" (
    "key" TEXT NOT NULL PRIMARY KEY,
    "value" TEXT NOT NULL,
    "updatedAt" DATETIME NOT NULL
);

-- CreateIndex
CREATE UNIQUE INDEX "Folder_name_key" ON "Folder"("name");

-- CreateIndex
CREATE UNIQUE INDEX "Source_feedUrl_key" ON "Source"("feedUrl");

-- CreateIndex
CREATE INDEX "Source_enabled_nextDueAt_idx" ON "Source"("enabled", "nextDueAt");

-- CreateIndex
CREATE INDEX "Source_folderId_idx" ON "Source"("folderId");

-- CreateIndex
CREATE INDEX "SourceEvent_sourceId_at_idx" ON "SourceEvent"("sourceId", "at");

-- CreateIndex
CREATE INDEX "Fetch_sourceId_startedAt_idx" ON "Fetch"("sourceId", "startedAt");

-- CreateIndex
CREATE INDEX "Fetch_startedAt_idx" ON "Fetch"("startedAt");

-- CreateIndex
CREATE INDEX "FetchDaily_day_idx" ON "FetchDaily"("day");

-- CreateIndex
CREATE INDEX "Article_sourceId_contentHash_idx" ON "Article"("sourceId", "contentHash");

-- CreateIndex
CREATE INDEX "Article_publishedAt_id_idx" ON "Article"("publishedAt", "id");

-- CreateIndex
CREATE INDEX "Article_sourceId_publishedAt_id_idx" ON "Article"("sourceId", "publishedAt", "id");

-- CreateIndex
CREATE INDEX "Article_readAt_publishedAt_id_idx" ON "Article"("readAt", "publishedAt", "id");

-- CreateIndex
CREATE INDEX "Article_sourceId_readAt_publishedAt_id_idx" ON "Article"("sourceId", "readAt", "publishedAt", "id");

-- CreateIndex
CREATE INDEX "Article_starredAt_publishedAt_id_idx" ON "Article"("starredAt", "publishedAt", "id");

-- CreateIndex
CREATE UNIQUE INDEX "Article_sourceId_dedupeKey_key" ON "Article"("sourceId", "dedupeKey");

-- CreateIndex
CREATE INDEX "Round_startedAt_idx" ON "Round"("startedAt");

