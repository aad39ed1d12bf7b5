-- AlterTable
ALTER TABLE "Source" ADD COLUMN     "refusedBodyHash" TEXT,
ADD COLUMN     "refusedDetail" TEXT,
ADD COLUMN     "refusedEtag" TEXT,
ADD COLUMN     "refusedKind" TEXT,
ADD COLUMN     "refusedLastModified" TEXT;

