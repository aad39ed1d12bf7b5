-- CreateTable
CREATE TABLE "Alert" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "kind" TEXT NOT NULL,
    "sourceId" INTEGER,
    "startedAt" DATETIME NOT NULL,
    "clearedAt" DATETIME,
    "reason" TEXT NOT NULL,
    "openKey" TEXT,
    CONSTRAINT "Alert_sourceId_fkey" FOREIGN KEY ("sourceId") REFERENCES "Source" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Notification" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "alertId" INTEGER NOT NULL,
    "event" TEXT NOT NULL,
    "payload" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" DATETIME NOT NULL,
    "claimedBy" TEXT,
    "claimedUntil" DATETIME,
    "deliveredAt" DATETIME,
    "failedAt" DATETIME,
    "failure" TEXT,
    CONSTRAINT "Notification_alertId_fkey" FOREIGN KEY ("alertId") REFERENCES "Alert" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "NotificationAttempt" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "notificationId" INTEGER NOT NULL,
    "at" DATETIME NOT NULL,
    "durationMs" INTEGER NOT NULL,
    "httpStatus" INTEGER,
    "error" TEXT,
    CONSTRAINT "NotificationAttempt_notificationId_fkey" FOREIGN KEY ("notificationId") REFERENCES "Notification" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- AlterTable (ADD COLUMN, not a table rebuild: the roll-ups stay where they are)
ALTER TABLE "FetchDaily" ADD COLUMN "conditional" INTEGER NOT NULL DEFAULT 0;

-- CreateIndex
CREATE UNIQUE INDEX "Alert_openKey_key" ON "Alert"("openKey");

-- CreateIndex
CREATE INDEX "Alert_sourceId_startedAt_idx" ON "Alert"("sourceId", "startedAt");

-- CreateIndex
CREATE INDEX "Alert_clearedAt_startedAt_idx" ON "Alert"("clearedAt", "startedAt");

-- CreateIndex
CREATE INDEX "Notification_deliveredAt_failedAt_nextAttemptAt_idx" ON "Notification"("deliveredAt", "failedAt", "nextAttemptAt");

-- CreateIndex
CREATE UNIQUE INDEX "Notification_alertId_event_key" ON "Notification"("alertId", "event");

-- CreateIndex
CREATE INDEX "NotificationAttempt_at_idx" ON "NotificationAttempt"("at");

-- CreateIndex
CREATE INDEX "NotificationAttempt_notificationId_idx" ON "NotificationAttempt"("notificationId");

