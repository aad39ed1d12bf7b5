-- AlterTable
ALTER TABLE "Fetch" ADD COLUMN "encoding" TEXT;
ALTER TABLE "Fetch" ADD COLUMN "encodingSource" TEXT;
ALTER TABLE "Fetch" ADD COLUMN "xmlRecovery" TEXT;

