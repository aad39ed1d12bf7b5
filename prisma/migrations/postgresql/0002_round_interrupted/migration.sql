-- AlterTable
ALTER TABLE "Round" ADD COLUMN     "interrupted" BOOLEAN NOT NULL DEFAULT false;

