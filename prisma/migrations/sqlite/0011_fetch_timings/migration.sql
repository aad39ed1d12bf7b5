-- AlterTable (written by hand: Prisma's diff rewrites both tables for a NOT NULL DEFAULT column,
-- which on a large fetch log would copy every row; SQLite adds such a column in place)
ALTER TABLE "Fetch" ADD COLUMN "parseMs" INTEGER;
ALTER TABLE "Fetch" ADD COLUMN "laneWaitMs" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "Fetch" ADD COLUMN "driftMs" INTEGER;

-- AlterTable
ALTER TABLE "Round" ADD COLUMN "leftForBudget" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "Round" ADD COLUMN "leftForHostHold" INTEGER NOT NULL DEFAULT 0;
