-- DropForeignKey
ALTER TABLE "Source" DROP CONSTRAINT "Source_folderId_fkey";

-- DropIndex
DROP INDEX "Source_folderId_idx";

-- DropIndex
DROP INDEX "Article_readAt_publishedAt_id_idx";

-- DropIndex
DROP INDEX "Article_sourceId_readAt_publishedAt_id_idx";

-- DropIndex
DROP INDEX "Article_starredAt_publishedAt_id_idx";

-- AlterTable
ALTER TABLE "Source" DROP COLUMN "customTitle",
DROP COLUMN "folderId",
DROP COLUMN "unreadCount";

-- AlterTable
ALTER TABLE "Article" DROP COLUMN "readAt",
DROP COLUMN "starredAt";

-- DropTable
DROP TABLE "Folder";

