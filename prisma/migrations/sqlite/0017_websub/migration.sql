-- CreateTable
CREATE TABLE "WebSubSubscription" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "sourceId" INTEGER,
    "hubUrl" TEXT NOT NULL,
    "topicUrl" TEXT NOT NULL,
    "callbackToken" TEXT NOT NULL,
    "secret" TEXT NOT NULL,
    "state" TEXT NOT NULL DEFAULT 'pending',
    "pendingMode" TEXT,
    "nextRequestAt" DATETIME NOT NULL,
    "lastRequestAt" DATETIME,
    "failedRequests" INTEGER NOT NULL DEFAULT 0,
    "lastError" TEXT,
    "verifiedAt" DATETIME,
    "leaseSeconds" INTEGER,
    "leaseExpiresAt" DATETIME,
    "lastPushAt" DATETIME,
    "pushCount" INTEGER NOT NULL DEFAULT 0,
    "droppedPushes" INTEGER NOT NULL DEFAULT 0,
    "requestsSaved" INTEGER NOT NULL DEFAULT 0,
    "missedPushAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "WebSubSubscription_sourceId_fkey" FOREIGN KEY ("sourceId") REFERENCES "Source" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateIndex
CREATE UNIQUE INDEX "WebSubSubscription_sourceId_key" ON "WebSubSubscription"("sourceId");

-- CreateIndex
CREATE UNIQUE INDEX "WebSubSubscription_callbackToken_key" ON "WebSubSubscription"("callbackToken");

-- CreateIndex
CREATE INDEX "WebSubSubscription_nextRequestAt_idx" ON "WebSubSubscription"("nextRequestAt");

