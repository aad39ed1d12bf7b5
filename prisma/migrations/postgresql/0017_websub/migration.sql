-- CreateTable
CREATE TABLE "WebSubSubscription" (
    "id" SERIAL NOT NULL,
    "sourceId" INTEGER,
    "hubUrl" TEXT NOT NULL,
    "topicUrl" TEXT NOT NULL,
    "callbackToken" TEXT NOT NULL,
    "secret" TEXT NOT NULL,
    "state" TEXT NOT NULL DEFAULT 'pending',
    "pendingMode" TEXT,
    "nextRequestAt" TIMESTAMP(3) NOT NULL,
    "lastRequestAt" TIMESTAMP(3),
    "failedRequests" INTEGER NOT NULL DEFAULT 0,
    "lastError" TEXT,
    "verifiedAt" TIMESTAMP(3),
    "leaseSeconds" INTEGER,
    "leaseExpiresAt" TIMESTAMP(3),
    "lastPushAt" TIMESTAMP(3),
    "pushCount" INTEGER NOT NULL DEFAULT 0,
    "droppedPushes" INTEGER NOT NULL DEFAULT 0,
    "requestsSaved" INTEGER NOT NULL DEFAULT 0,
    "missedPushAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "WebSubSubscription_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "WebSubSubscription_sourceId_key" ON "WebSubSubscription"("sourceId");

-- CreateIndex
CREATE UNIQUE INDEX "WebSubSubscription_callbackToken_key" ON "WebSubSubscription"("callbackToken");

-- CreateIndex
CREATE INDEX "WebSubSubscription_nextRequestAt_idx" ON "WebSubSubscription"("nextRequestAt");

-- AddForeignKey
ALTER TABLE "WebSubSubscription" ADD CONSTRAINT "WebSubSubscription_sourceId_fkey" FOREIGN KEY ("sourceId") REFERENCES "Source"("id") ON DELETE SET NULL ON UPDATE CASCADE;

