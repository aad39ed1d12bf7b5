-- What article pages and icons cost their publishers (lib/reads/health/list-page-costs.ts) is read
-- from this index alone. Partial: the log is mostly feed requests, and a full index on "kind" would
-- add about 40 bytes to each of them; the drift index (startedAt first) made the read walk every
-- feed row of the month instead (10,000 sources, 5,000,000 rows). Written by hand for the WHERE,
-- which Prisma's schema cannot express; the condition is BESIDE_FEED_SQL (lib/base/fetch-kinds.ts)
-- word for word, so that the query planners see that the read implies it.
CREATE INDEX "Fetch_besideFeed_costs_idx" ON "Fetch"("startedAt", "sourceId", "outcome", "bytesReceived") WHERE "kind" IN ('page', 'icon');
