-- AlterTable
ALTER TABLE "Source" ADD COLUMN "articleCount" INTEGER NOT NULL DEFAULT 0;


-- Backfill: every article stored so far (afterwards lib/store keeps the count).
UPDATE "Source" SET "articleCount" = (SELECT COUNT(*) FROM "Article" WHERE "Article"."sourceId" = "Source"."id");
