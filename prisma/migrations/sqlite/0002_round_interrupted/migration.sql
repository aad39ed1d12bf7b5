-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Round" (
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
    "budgetExhausted" BOOLEAN NOT NULL DEFAULT false,
    "interrupted" BOOLEAN NOT NULL DEFAULT false
);
INSERT INTO "new_Round" ("budgetExhausted", "bytesReceived", "errorCount", "finishedAt", "id", "instanceId", "newArticles", "notModifiedCount", "offline", "okCount", "sourcesAttempted", "sourcesDue", "startedAt", "trigger") SELECT "budgetExhausted", "bytesReceived", "errorCount", "finishedAt", "id", "instanceId", "newArticles", "notModifiedCount", "offline", "okCount", "sourcesAttempted", "sourcesDue", "startedAt", "trigger" FROM "Round";
DROP TABLE "Round";
ALTER TABLE "new_Round" RENAME TO "Round";
CREATE INDEX "Round_startedAt_idx" ON "Round"("startedAt");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

