-- AlterTable
ALTER TABLE "Article" ADD COLUMN     "canonicalUrl" TEXT;

-- CreateTable
CREATE TABLE "Tag" (
    "id" SERIAL NOT NULL,
    "userId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Tag_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ArticleTag" (
    "tagId" INTEGER NOT NULL,
    "articleId" INTEGER NOT NULL,
    "userId" INTEGER NOT NULL,
    "publishedAt" TIMESTAMP(3) NOT NULL,
    "taggedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ArticleTag_pkey" PRIMARY KEY ("tagId","articleId")
);

-- CreateTable
CREATE TABLE "Rule" (
    "id" SERIAL NOT NULL,
    "userId" INTEGER NOT NULL,
    "position" INTEGER NOT NULL,
    "query" TEXT NOT NULL,
    "scope" TEXT NOT NULL DEFAULT 'all',
    "folderId" INTEGER,
    "sourceId" INTEGER,
    "action" TEXT NOT NULL,
    "tagName" TEXT,
    "hits" INTEGER NOT NULL DEFAULT 0,
    "lastHitAt" TIMESTAMP(3),
    "disabledAt" TIMESTAMP(3),
    "disabledReason" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Rule_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "HiddenArticle" (
    "userId" INTEGER NOT NULL,
    "articleId" INTEGER NOT NULL,
    "ruleId" INTEGER,
    "hiddenAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "HiddenArticle_pkey" PRIMARY KEY ("userId","articleId")
);

-- CreateTable
CREATE TABLE "RepeatedArticle" (
    "userId" INTEGER NOT NULL,
    "articleId" INTEGER NOT NULL,
    "firstArticleId" INTEGER NOT NULL,

    CONSTRAINT "RepeatedArticle_pkey" PRIMARY KEY ("userId","articleId")
);

-- CreateIndex
CREATE UNIQUE INDEX "Tag_userId_name_key" ON "Tag"("userId", "name");

-- CreateIndex
CREATE INDEX "ArticleTag_tagId_publishedAt_articleId_idx" ON "ArticleTag"("tagId", "publishedAt", "articleId");

-- CreateIndex
CREATE INDEX "ArticleTag_userId_articleId_idx" ON "ArticleTag"("userId", "articleId");

-- CreateIndex
CREATE INDEX "ArticleTag_articleId_idx" ON "ArticleTag"("articleId");

-- CreateIndex
CREATE INDEX "Rule_userId_position_idx" ON "Rule"("userId", "position");

-- CreateIndex
CREATE INDEX "Rule_sourceId_idx" ON "Rule"("sourceId");

-- CreateIndex
CREATE INDEX "Rule_folderId_idx" ON "Rule"("folderId");

-- CreateIndex
CREATE INDEX "HiddenArticle_articleId_idx" ON "HiddenArticle"("articleId");

-- CreateIndex
CREATE INDEX "RepeatedArticle_firstArticleId_idx" ON "RepeatedArticle"("firstArticleId");

-- CreateIndex
CREATE INDEX "RepeatedArticle_articleId_idx" ON "RepeatedArticle"("articleId");

-- CreateIndex
CREATE INDEX "Article_canonicalUrl_idx" ON "Article"("canonicalUrl");

-- AddForeignKey
ALTER TABLE "Tag" ADD CONSTRAINT "Tag_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ArticleTag" ADD CONSTRAINT "ArticleTag_tagId_fkey" FOREIGN KEY ("tagId") REFERENCES "Tag"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ArticleTag" ADD CONSTRAINT "ArticleTag_articleId_fkey" FOREIGN KEY ("articleId") REFERENCES "Article"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ArticleTag" ADD CONSTRAINT "ArticleTag_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Rule" ADD CONSTRAINT "Rule_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Rule" ADD CONSTRAINT "Rule_folderId_fkey" FOREIGN KEY ("folderId") REFERENCES "UserFolder"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Rule" ADD CONSTRAINT "Rule_sourceId_fkey" FOREIGN KEY ("sourceId") REFERENCES "Source"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "HiddenArticle" ADD CONSTRAINT "HiddenArticle_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "HiddenArticle" ADD CONSTRAINT "HiddenArticle_articleId_fkey" FOREIGN KEY ("articleId") REFERENCES "Article"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "RepeatedArticle" ADD CONSTRAINT "RepeatedArticle_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "RepeatedArticle" ADD CONSTRAINT "RepeatedArticle_articleId_fkey" FOREIGN KEY ("articleId") REFERENCES "Article"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "RepeatedArticle" ADD CONSTRAINT "RepeatedArticle_firstArticleId_fkey" FOREIGN KEY ("firstArticleId") REFERENCES "Article"("id") ON DELETE CASCADE ON UPDATE CASCADE;

