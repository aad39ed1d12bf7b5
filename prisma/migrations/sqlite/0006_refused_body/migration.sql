-- AlterTable
ALTER TABLE "Source" ADD COLUMN "refusedBodyHash" TEXT;
ALTER TABLE "Source" ADD COLUMN "refusedDetail" TEXT;
ALTER TABLE "Source" ADD COLUMN "refusedEtag" TEXT;
ALTER TABLE "Source" ADD COLUMN "refusedKind" TEXT;
ALTER TABLE "Source" ADD COLUMN "refusedLastModified" TEXT;

