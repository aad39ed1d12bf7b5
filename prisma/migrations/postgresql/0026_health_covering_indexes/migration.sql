-- DropIndex
DROP INDEX "Fetch_startedAt_idx";

-- DropIndex
DROP INDEX "FetchDaily_day_idx";

-- CreateIndex
CREATE INDEX "Fetch_startedAt_driftMs_kind_idx" ON "Fetch"("startedAt", "driftMs", "kind");

-- CreateIndex
CREATE INDEX "FetchDaily_day_ok_notModified_error_bytesReceived_bytesSave_idx" ON "FetchDaily"("day", "ok", "notModified", "error", "bytesReceived", "bytesSaved", "newArticles", "durationMsSum");

