-- Search reads "searchText" (lib/db/search-text.ts): the title and the content's words without
-- their markup, the same text PostgreSQL indexes. Until now FTS5's unicode61 tokenizer read the
-- stored HTML itself, so tag and attribute names and link addresses were searchable here and
-- not on PostgreSQL.
ALTER TABLE "Article" ADD COLUMN "searchText" TEXT;

-- Existing articles get their text from the same function the store uses: the migration runner
-- lends it to this connection as tidings_search_text (lib/db/migrate/sqlite-driver.ts).
UPDATE "Article" SET "searchText" = tidings_search_text("title", "content");

-- The index is rebuilt over the one column (written by hand, as in 0016: Prisma's schema cannot
-- express a virtual table or triggers). Contentless, kept by triggers, an update reindexes only
-- when the title, the content or the text changed. A row written around the store (a benchmark's
-- bulk insert) has no "searchText": its title and raw content are indexed instead, markup and all.
DROP TRIGGER "Article_search_insert";
DROP TRIGGER "Article_search_update";
DROP TRIGGER "Article_search_delete";
DROP TABLE "ArticleSearch";

CREATE VIRTUAL TABLE "ArticleSearch" USING fts5(
  "text", content = '', contentless_delete = 1, tokenize = 'unicode61 remove_diacritics 0'
);

INSERT INTO "ArticleSearch" (rowid, "text") SELECT "id", "searchText" FROM "Article";

CREATE TRIGGER "Article_search_insert" AFTER INSERT ON "Article" BEGIN
  INSERT INTO "ArticleSearch" (rowid, "text")
    VALUES (new."id", COALESCE(new."searchText", new."title" || ' ' || substr(COALESCE(new."content", ''), 1, 100000)));
END;

CREATE TRIGGER "Article_search_update" AFTER UPDATE OF "title", "content", "searchText" ON "Article" BEGIN
  DELETE FROM "ArticleSearch" WHERE rowid = old."id";
  INSERT INTO "ArticleSearch" (rowid, "text")
    VALUES (new."id", COALESCE(new."searchText", new."title" || ' ' || substr(COALESCE(new."content", ''), 1, 100000)));
END;

CREATE TRIGGER "Article_search_delete" AFTER DELETE ON "Article" BEGIN
  DELETE FROM "ArticleSearch" WHERE rowid = old."id";
END;
-- A later migration that rebuilds "Article" (Prisma's new_Article, copy, DROP, rename) drops
-- these triggers with the old table: it must create them again and rebuild "ArticleSearch".
