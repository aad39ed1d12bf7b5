-- AlterTable
ALTER TABLE "Round" ADD COLUMN     "failure" TEXT;

