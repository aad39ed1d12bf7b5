-- AlterTable
ALTER TABLE "Fetch" ADD COLUMN     "encoding" TEXT,
ADD COLUMN     "encodingSource" TEXT,
ADD COLUMN     "xmlRecovery" TEXT;

