-- CreateTable
CREATE TABLE "Session" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "tokenHash" TEXT NOT NULL,
    "credentialStamp" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL,
    "lastSeenAt" DATETIME NOT NULL,
    "expiresAt" DATETIME NOT NULL,
    "userAgent" TEXT,
    "address" TEXT
);

-- CreateTable
CREATE TABLE "RemovedSourceTally" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "ok" BIGINT NOT NULL DEFAULT 0,
    "notModified" BIGINT NOT NULL DEFAULT 0,
    "error" BIGINT NOT NULL DEFAULT 0,
    "bytesReceived" BIGINT NOT NULL DEFAULT 0,
    "bytesSaved" BIGINT NOT NULL DEFAULT 0
);

-- CreateIndex
CREATE UNIQUE INDEX "Session_tokenHash_key" ON "Session"("tokenHash");

-- CreateIndex
CREATE INDEX "Session_expiresAt_idx" ON "Session"("expiresAt");

