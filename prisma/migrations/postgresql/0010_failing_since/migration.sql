-- AlterTable
ALTER TABLE "Source" ADD COLUMN     "failingSince" TIMESTAMP(3);


-- Sources already failing: the run began at the first error fetched after the last success that
-- the log still holds (Tidings' own database errors never count), else at the last fetch.
UPDATE "Source" SET "failingSince" = COALESCE(
  (SELECT MIN("Fetch"."startedAt") FROM "Fetch"
    WHERE "Fetch"."sourceId" = "Source"."id" AND "Fetch"."outcome" = 'error'
      AND ("Fetch"."errorKind" IS NULL OR "Fetch"."errorKind" <> 'database')
      AND ("Source"."lastSuccessAt" IS NULL OR "Fetch"."startedAt" > "Source"."lastSuccessAt")),
  "lastFetchedAt")
WHERE "consecutiveErrors" > 0;
