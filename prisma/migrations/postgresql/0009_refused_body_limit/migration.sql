-- AlterTable
ALTER TABLE "Source" ADD COLUMN     "refusedBodyLimit" INTEGER;

