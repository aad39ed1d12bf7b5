-- CreateTable
CREATE TABLE "Folder" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "position" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Folder_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Source" (
    "id" SERIAL NOT NULL,
    "feedUrl" TEXT NOT NULL,
    "siteUrl" TEXT,
    "title" TEXT NOT NULL,
    "customTitle" TEXT,
    "kind" TEXT,
    "folderId" INTEGER,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "disabledReason" TEXT,
    "disabledAt" TIMESTAMP(3),
    "etag" TEXT,
    "lastModified" TEXT,
    "lastBodyHash" TEXT,
    "lastBodyBytes" INTEGER,
    "nextDueAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "intervalSeconds" INTEGER NOT NULL DEFAULT 3600,
    "minIntervalSeconds" INTEGER,
    "publisherFloorSeconds" INTEGER,
    "consecutiveNotModified" INTEGER NOT NULL DEFAULT 0,
    "consecutiveErrors" INTEGER NOT NULL DEFAULT 0,
    "breakerState" TEXT NOT NULL DEFAULT 'closed',
    "breakerChangedAt" TIMESTAMP(3),
    "breakerCooldownSeconds" INTEGER,
    "retryAfterUntil" TIMESTAMP(3),
    "nextCheckReason" TEXT NOT NULL DEFAULT 'new source: first fetch',
    "pendingRedirectUrl" TEXT,
    "pendingRedirectCount" INTEGER NOT NULL DEFAULT 0,
    "unreadCount" INTEGER NOT NULL DEFAULT 0,
    "lastFetchedAt" TIMESTAMP(3),
    "lastOutcome" TEXT,
    "lastErrorKind" TEXT,
    "lastSuccessAt" TIMESTAMP(3),
    "lastNewArticleAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Source_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SourceEvent" (
    "id" SERIAL NOT NULL,
    "sourceId" INTEGER NOT NULL,
    "at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "kind" TEXT NOT NULL,
    "detail" TEXT NOT NULL,

    CONSTRAINT "SourceEvent_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Fetch" (
    "id" SERIAL NOT NULL,
    "sourceId" INTEGER NOT NULL,
    "roundId" INTEGER,
    "startedAt" TIMESTAMP(3) NOT NULL,
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

    CONSTRAINT "Fetch_pkey" PRIMARY KEY ("id")
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

    CONSTRAINT "FetchDaily_pkey" PRIMARY KEY ("sourceId","day")
);

-- CreateTable
CREATE TABLE "Article" (
    "id" SERIAL NOT NULL,
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
    "publishedAt" TIMESTAMP(3) NOT NULL,
    "firstSeenAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3),
    "contentHash" TEXT NOT NULL,
    "readAt" TIMESTAMP(3),
    "starredAt" TIMESTAMP(3),

    CONSTRAINT "Article_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Round" (
    "id" SERIAL NOT NULL,
    "startedAt" TIMESTAMP(3) NOT NULL,
    "finishedAt" TIMESTAMP(3),
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
    "budgetExhausted" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "Round_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Lease" (
    "name" TEXT NOT NULL,
    "holder" TEXT NOT NULL,
    "acquiredAt" TIMESTAMP(3) NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Lease_pkey" PRIMARY KEY ("name")
);

-- CreateTable
CREATE TABLE "HostState" (
    "host" TEXT NOT NULL,
    "retryAfterUntil" TIMESTAMP(3),
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "HostState_pkey" PRIMARY KEY ("host")
);

-- CreateTable
CREATE TABLE "Setting" (
    "key" TEXT NOT NULL,
    "value" TEXT NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Setting_pkey" PRIMARY KEY ("key")
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

-- AddForeignKey
ALTER TABLE "Source" ADD CONSTRAINT "Source_folderId_fkey" FOREIGN KEY ("folderId") REFERENCES "Folder"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SourceEvent" ADD CONSTRAINT "SourceEvent_sourceId_fkey" FOREIGN KEY ("sourceId") REFERENCES "Source"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Fetch" ADD CONSTRAINT "Fetch_sourceId_fkey" FOREIGN KEY ("sourceId") REFERENCES "Source"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Fetch" ADD CONSTRAINT "Fetch_roundId_fkey" FOREIGN KEY ("roundId") REFERENCES "Round"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FetchDaily" ADD CONSTRAINT "FetchDaily_sourceId_fkey" FOREIGN KEY ("sourceId") REFERENCES "Source"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Article" ADD CONSTRAINT "Article_sourceId_fkey" FOREIGN KEY ("sourceId") REFERENCES "Source"("id") ON DELETE CASCADE ON UPDATE CASCADE;

