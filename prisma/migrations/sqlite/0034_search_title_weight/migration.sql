-- Best match (lib/db/search-sql.ts) weighs a word in the title above a word in the body: FTS5's
-- bm25 takes a weight per column, and a column filter says whether a word is in the title, so
-- the index gets the title as a column of its own beside the searchable text (which begins with
-- the title: what matches is unchanged, and a title word counts in both columns, as it does in
-- PostgreSQL's vector). Rebuilt by hand, as in 0016 and 0025: Prisma's schema cannot express a
-- virtual table or triggers. Existing articles are indexed again from their rows.
DROP TRIGGER "Article_search_insert";
DROP TRIGGER "Article_search_update";
DROP TRIGGER "Article_search_delete";
DROP TABLE "ArticleSearch";

CREATE VIRTUAL TABLE "ArticleSearch" USING fts5(
  "title", "text", content = '', contentless_delete = 1, tokenize = 'unicode61 remove_diacritics 0'
);

INSERT INTO "ArticleSearch" (rowid, "title", "text")
  SELECT "id", "title", COALESCE("searchText", "title" || ' ' || substr(COALESCE("content", ''), 1, 100000)) FROM "Article";

CREATE TRIGGER "Article_search_insert" AFTER INSERT ON "Article" BEGIN
  INSERT INTO "ArticleSearch" (rowid, "title", "text")
    VALUES (new."id", new."title", COALESCE(new."searchText", new."title" || ' ' || substr(COALESCE(new."content", ''), 1, 100000)));
END;

CREATE TRIGGER "Article_search_update" AFTER UPDATE OF "title", "content", "searchText" ON "Article" BEGIN
  DELETE FROM "ArticleSearch" WHERE rowid = old."id";
  INSERT INTO "ArticleSearch" (rowid, "title", "text")
    VALUES (new."id", new."title", COALESCE(new."searchText", new."title" || ' ' || substr(COALESCE(new."content", ''), 1, 100000)));
END;

CREATE TRIGGER "Article_search_delete" AFTER DELETE ON "Article" BEGIN
  DELETE FROM "ArticleSearch" WHERE rowid = old."id";
END;
-- A later migration that rebuilds "Article" (Prisma's new_Article, copy, DROP, rename) drops
-- these triggers with the old table: it must create them again and rebuild "ArticleSearch".
