-- AlterTable
ALTER TABLE "Lease" ADD COLUMN "holderBootId" TEXT;
ALTER TABLE "Lease" ADD COLUMN "holderHost" TEXT;
ALTER TABLE "Lease" ADD COLUMN "holderPid" INTEGER;
ALTER TABLE "Lease" ADD COLUMN "holderStartTicks" TEXT;

