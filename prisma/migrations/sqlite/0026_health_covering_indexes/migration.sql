-- DropIndex
DROP INDEX "Fetch_startedAt_idx";

-- DropIndex
DROP INDEX "FetchDaily_day_idx";

-- CreateIndex
CREATE INDEX "Fetch_startedAt_driftMs_idx" ON "Fetch"("startedAt", "driftMs");

-- CreateIndex
CREATE INDEX "FetchDaily_day_ok_notModified_error_bytesReceived_bytesSaved_newArticles_durationMsSum_idx" ON "FetchDaily"("day", "ok", "notModified", "error", "bytesReceived", "bytesSaved", "newArticles", "durationMsSum");

