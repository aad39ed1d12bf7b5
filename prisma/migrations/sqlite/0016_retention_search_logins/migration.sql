-- AlterTable
ALTER TABLE "Source" ADD COLUMN "maxIntervalSeconds" INTEGER;
ALTER TABLE "Source" ADD COLUMN "retentionDays" INTEGER;

-- CreateTable
CREATE TABLE "SourceLogin" (
    "sourceId" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "user" TEXT NOT NULL,
    "password" TEXT NOT NULL,
    "origin" TEXT NOT NULL,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "SourceLogin_sourceId_fkey" FOREIGN KEY ("sourceId") REFERENCES "Source" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "RemovedArticle" (
    "sourceId" INTEGER NOT NULL,
    "dedupeKey" TEXT NOT NULL,
    "contentHash" TEXT NOT NULL,
    "removedAt" DATETIME NOT NULL,

    PRIMARY KEY ("sourceId", "dedupeKey"),
    CONSTRAINT "RemovedArticle_sourceId_fkey" FOREIGN KEY ("sourceId") REFERENCES "Source" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "RemovedArticle_sourceId_contentHash_idx" ON "RemovedArticle"("sourceId", "contentHash");


-- Full-text search on SQLite (lib/articles/search-sql.ts), written by hand: Prisma's schema
-- cannot express a virtual table or triggers, and does not know this table (it never selects or
-- writes it). The counterpart of PostgreSQL's 0003_article_search: the same text (the title and
-- the first 100,000 characters of the content), lowercased words with their diacritics kept and
-- no stemming, as PostgreSQL's 'simple' configuration reads them. Unlike PostgreSQL's parser,
-- FTS5's unicode61 tokenizer does not know markup: tag and attribute words of the stored HTML
-- (link addresses too) are indexed as text.
--
-- Contentless (content=''), so the index holds no copy of the text; contentless_delete lets the
-- triggers remove an article's row. Kept by triggers, so every writer (the store, OPML imports,
-- tests, a source's cascade delete) keeps it right; an update reindexes only when the title or
-- the content changed, never when an article is marked read or starred.
CREATE VIRTUAL TABLE "ArticleSearch" USING fts5(
  "title", "body", content = '', contentless_delete = 1, tokenize = 'unicode61 remove_diacritics 0'
);

INSERT INTO "ArticleSearch" (rowid, "title", "body")
  SELECT "id", "title", substr(COALESCE("content", ''), 1, 100000) FROM "Article";

CREATE TRIGGER "Article_search_insert" AFTER INSERT ON "Article" BEGIN
  INSERT INTO "ArticleSearch" (rowid, "title", "body")
    VALUES (new."id", new."title", substr(COALESCE(new."content", ''), 1, 100000));
END;

CREATE TRIGGER "Article_search_update" AFTER UPDATE OF "title", "content" ON "Article" BEGIN
  DELETE FROM "ArticleSearch" WHERE rowid = old."id";
  INSERT INTO "ArticleSearch" (rowid, "title", "body")
    VALUES (new."id", new."title", substr(COALESCE(new."content", ''), 1, 100000));
END;

CREATE TRIGGER "Article_search_delete" AFTER DELETE ON "Article" BEGIN
  DELETE FROM "ArticleSearch" WHERE rowid = old."id";
END;
-- A later migration that rebuilds "Article" (Prisma's new_Article, copy, DROP, rename) drops
-- these triggers with the old table: it must create them again and rebuild "ArticleSearch".
