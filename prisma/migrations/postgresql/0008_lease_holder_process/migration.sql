-- AlterTable
ALTER TABLE "Lease" ADD COLUMN     "holderBootId" TEXT,
ADD COLUMN     "holderHost" TEXT,
ADD COLUMN     "holderPid" INTEGER,
ADD COLUMN     "holderStartTicks" TEXT;

