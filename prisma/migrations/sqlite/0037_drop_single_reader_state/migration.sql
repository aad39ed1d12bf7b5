-- The single reader's state, now in Subscription, UserFolder, UnreadArticle and StarredArticle
-- (migration 0036 copied it there). Article keeps its table, rows and FTS5 triggers: its columns go
-- by DROP COLUMN (a table rebuild would drop the triggers that keep "ArticleSearch" and copy every
-- article). Source is rebuilt, as SQLite cannot drop a column of a foreign key (folderId).
DROP INDEX "Article_readAt_publishedAt_id_idx";
DROP INDEX "Article_sourceId_readAt_publishedAt_id_idx";
DROP INDEX "Article_starredAt_publishedAt_id_idx";
ALTER TABLE "Article" DROP COLUMN "readAt";
ALTER TABLE "Article" DROP COLUMN "starredAt";

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Source" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "feedUrl" TEXT NOT NULL,
    "siteUrl" TEXT,
    "title" TEXT NOT NULL,
    "kind" TEXT,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "disabledReason" TEXT,
    "disabledAt" DATETIME,
    "etag" TEXT,
    "lastModified" TEXT,
    "lastBodyHash" TEXT,
    "lastBodyBytes" INTEGER,
    "refusedKind" TEXT,
    "refusedDetail" TEXT,
    "refusedEtag" TEXT,
    "refusedLastModified" TEXT,
    "refusedBodyHash" TEXT,
    "refusedBodyLimit" INTEGER,
    "nextDueAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "intervalSeconds" INTEGER NOT NULL DEFAULT 3600,
    "minIntervalSeconds" INTEGER,
    "maxIntervalSeconds" INTEGER,
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
    "articleCount" INTEGER NOT NULL DEFAULT 0,
    "lastFetchedAt" DATETIME,
    "lastOutcome" TEXT,
    "lastErrorKind" TEXT,
    "lastSuccessAt" DATETIME,
    "lastNewArticleAt" DATETIME,
    "failingSince" DATETIME,
    "retentionDays" INTEGER,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    "fullText" BOOLEAN NOT NULL DEFAULT false,
    "fullTextSelector" TEXT,
    "feedIconUrl" TEXT
);
INSERT INTO "new_Source" ("articleCount", "breakerChangedAt", "breakerCooldownSeconds", "breakerState", "consecutiveErrors", "consecutiveNotModified", "createdAt", "disabledAt", "disabledReason", "enabled", "etag", "failingSince", "feedIconUrl", "feedUrl", "fullText", "fullTextSelector", "id", "intervalSeconds", "kind", "lastBodyBytes", "lastBodyHash", "lastErrorKind", "lastFetchedAt", "lastModified", "lastNewArticleAt", "lastOutcome", "lastSuccessAt", "maxIntervalSeconds", "minIntervalSeconds", "nextCheckReason", "nextDueAt", "pendingRedirectCount", "pendingRedirectUrl", "publisherFloorSeconds", "refusedBodyHash", "refusedBodyLimit", "refusedDetail", "refusedEtag", "refusedKind", "refusedLastModified", "retentionDays", "retryAfterUntil", "siteUrl", "title", "updatedAt") SELECT "articleCount", "breakerChangedAt", "breakerCooldownSeconds", "breakerState", "consecutiveErrors", "consecutiveNotModified", "createdAt", "disabledAt", "disabledReason", "enabled", "etag", "failingSince", "feedIconUrl", "feedUrl", "fullText", "fullTextSelector", "id", "intervalSeconds", "kind", "lastBodyBytes", "lastBodyHash", "lastErrorKind", "lastFetchedAt", "lastModified", "lastNewArticleAt", "lastOutcome", "lastSuccessAt", "maxIntervalSeconds", "minIntervalSeconds", "nextCheckReason", "nextDueAt", "pendingRedirectCount", "pendingRedirectUrl", "publisherFloorSeconds", "refusedBodyHash", "refusedBodyLimit", "refusedDetail", "refusedEtag", "refusedKind", "refusedLastModified", "retentionDays", "retryAfterUntil", "siteUrl", "title", "updatedAt" FROM "Source";
DROP TABLE "Source";
ALTER TABLE "new_Source" RENAME TO "Source";
CREATE UNIQUE INDEX "Source_feedUrl_key" ON "Source"("feedUrl");
CREATE INDEX "Source_enabled_nextDueAt_idx" ON "Source"("enabled", "nextDueAt");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;


-- DropTable
DROP TABLE "Folder";
