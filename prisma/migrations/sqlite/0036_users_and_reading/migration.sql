-- CreateTable
CREATE TABLE "User" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "name" TEXT NOT NULL,
    "role" TEXT NOT NULL DEFAULT 'member',
    "passwordHash" TEXT,
    "apiPasswordHash" TEXT,
    "feverKey" TEXT,
    "disabledAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastSeenAt" DATETIME
);

-- CreateTable
CREATE TABLE "UserFolder" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "userId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "position" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "UserFolder_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Subscription" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "userId" INTEGER NOT NULL,
    "sourceId" INTEGER NOT NULL,
    "customTitle" TEXT,
    "folderId" INTEGER,
    "paused" BOOLEAN NOT NULL DEFAULT false,
    "unreadCount" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Subscription_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Subscription_sourceId_fkey" FOREIGN KEY ("sourceId") REFERENCES "Source" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Subscription_folderId_fkey" FOREIGN KEY ("folderId") REFERENCES "UserFolder" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "UnreadArticle" (
    "userId" INTEGER NOT NULL,
    "articleId" INTEGER NOT NULL,
    "sourceId" INTEGER NOT NULL,
    "publishedAt" DATETIME NOT NULL,

    PRIMARY KEY ("userId", "articleId"),
    CONSTRAINT "UnreadArticle_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "UnreadArticle_articleId_fkey" FOREIGN KEY ("articleId") REFERENCES "Article" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "StarredArticle" (
    "userId" INTEGER NOT NULL,
    "articleId" INTEGER NOT NULL,
    "sourceId" INTEGER NOT NULL,
    "publishedAt" DATETIME NOT NULL,
    "starredAt" DATETIME NOT NULL,

    PRIMARY KEY ("userId", "articleId"),
    CONSTRAINT "StarredArticle_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "StarredArticle_articleId_fkey" FOREIGN KEY ("articleId") REFERENCES "Article" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Session" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "tokenHash" TEXT NOT NULL,
    "credentialStamp" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL,
    "lastSeenAt" DATETIME NOT NULL,
    "expiresAt" DATETIME NOT NULL,
    "userAgent" TEXT,
    "address" TEXT,
    "userId" INTEGER,
    CONSTRAINT "Session_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_Session" ("address", "createdAt", "credentialStamp", "expiresAt", "id", "lastSeenAt", "tokenHash", "userAgent") SELECT "address", "createdAt", "credentialStamp", "expiresAt", "id", "lastSeenAt", "tokenHash", "userAgent" FROM "Session";
DROP TABLE "Session";
ALTER TABLE "new_Session" RENAME TO "Session";
CREATE UNIQUE INDEX "Session_tokenHash_key" ON "Session"("tokenHash");
CREATE INDEX "Session_expiresAt_idx" ON "Session"("expiresAt");
CREATE INDEX "Session_userId_idx" ON "Session"("userId");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE UNIQUE INDEX "User_name_key" ON "User"("name");

-- CreateIndex
CREATE UNIQUE INDEX "UserFolder_userId_name_key" ON "UserFolder"("userId", "name");

-- CreateIndex
CREATE INDEX "Subscription_sourceId_idx" ON "Subscription"("sourceId");

-- CreateIndex
CREATE INDEX "Subscription_folderId_idx" ON "Subscription"("folderId");

-- CreateIndex
CREATE UNIQUE INDEX "Subscription_userId_sourceId_key" ON "Subscription"("userId", "sourceId");

-- CreateIndex
CREATE INDEX "UnreadArticle_userId_publishedAt_articleId_idx" ON "UnreadArticle"("userId", "publishedAt", "articleId");

-- CreateIndex
CREATE INDEX "UnreadArticle_userId_sourceId_publishedAt_articleId_idx" ON "UnreadArticle"("userId", "sourceId", "publishedAt", "articleId");

-- CreateIndex
CREATE INDEX "UnreadArticle_articleId_idx" ON "UnreadArticle"("articleId");

-- CreateIndex
CREATE INDEX "StarredArticle_userId_publishedAt_articleId_idx" ON "StarredArticle"("userId", "publishedAt", "articleId");

-- CreateIndex
CREATE INDEX "StarredArticle_articleId_idx" ON "StarredArticle"("articleId");


-- An installation in use becomes its first admin, named as its Google Reader API user (`tidings`
-- by default), with the login and API credentials it had, owning every source as a subscription
-- (title, folder and pause kept) and every read and star state. Reading state is kept as
-- exceptions: a row per unread and per starred article. A fresh database gets no user: its first
-- admin is made when someone first uses it (lib/features/auth/users.ts).
INSERT INTO "User" ("name", "role", "passwordHash", "apiPasswordHash", "feverKey")
SELECT COALESCE((SELECT "value" FROM "Setting" WHERE "key" = 'api_user'), 'tidings'), 'admin',
       (SELECT "value" FROM "Setting" WHERE "key" = 'password_hash'),
       (SELECT "value" FROM "Setting" WHERE "key" = 'api_password_hash'),
       (SELECT "value" FROM "Setting" WHERE "key" = 'api_fever_key_sha256')
WHERE EXISTS (SELECT 1 FROM "Source")
   OR EXISTS (SELECT 1 FROM "Setting" WHERE "key" IN ('password_hash', 'api_user', 'api_password_hash'));

INSERT INTO "UserFolder" ("userId", "name", "position", "createdAt")
SELECT "User"."id", "Folder"."name", "Folder"."position", "Folder"."createdAt" FROM "Folder" CROSS JOIN "User";

INSERT INTO "Subscription" ("userId", "sourceId", "customTitle", "folderId", "paused", "unreadCount", "createdAt")
SELECT "User"."id", "Source"."id", "Source"."customTitle", "UserFolder"."id",
       ("Source"."enabled" = false AND "Source"."disabledReason" = 'user'), "Source"."unreadCount", "Source"."createdAt"
FROM "Source" CROSS JOIN "User"
LEFT JOIN "Folder" ON "Folder"."id" = "Source"."folderId"
LEFT JOIN "UserFolder" ON "UserFolder"."name" = "Folder"."name";

INSERT INTO "UnreadArticle" ("userId", "articleId", "sourceId", "publishedAt")
SELECT "User"."id", "Article"."id", "Article"."sourceId", "Article"."publishedAt" FROM "Article" CROSS JOIN "User"
WHERE "Article"."readAt" IS NULL;

INSERT INTO "StarredArticle" ("userId", "articleId", "sourceId", "publishedAt", "starredAt")
SELECT "User"."id", "Article"."id", "Article"."sourceId", "Article"."publishedAt", "Article"."starredAt" FROM "Article" CROSS JOIN "User"
WHERE "Article"."starredAt" IS NOT NULL;

UPDATE "Session" SET "userId" = (SELECT "id" FROM "User");
