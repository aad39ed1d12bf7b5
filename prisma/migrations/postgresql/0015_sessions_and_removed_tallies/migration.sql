-- CreateTable
CREATE TABLE "Session" (
    "id" SERIAL NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "credentialStamp" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL,
    "lastSeenAt" TIMESTAMP(3) NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "userAgent" TEXT,
    "address" TEXT,

    CONSTRAINT "Session_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "RemovedSourceTally" (
    "id" INTEGER NOT NULL,
    "ok" BIGINT NOT NULL DEFAULT 0,
    "notModified" BIGINT NOT NULL DEFAULT 0,
    "error" BIGINT NOT NULL DEFAULT 0,
    "bytesReceived" BIGINT NOT NULL DEFAULT 0,
    "bytesSaved" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "RemovedSourceTally_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "Session_tokenHash_key" ON "Session"("tokenHash");

-- CreateIndex
CREATE INDEX "Session_expiresAt_idx" ON "Session"("expiresAt");


-- Written by hand (issue 30): titles and authors stored before the lengths of lib/text-limits.ts
-- are cut as the parse step now cuts them, so that no page stays heavy with a 1 MB title.
UPDATE "Source" SET "title" = rtrim(substr("title", 1, 199)) || '…' WHERE length("title") > 200;
UPDATE "Article" SET "title" = rtrim(substr("title", 1, 499)) || '…' WHERE length("title") > 500;
UPDATE "Article" SET "author" = rtrim(substr("author", 1, 199)) || '…' WHERE length("author") > 200;
