-- Search reads "searchText" (lib/db/search-text.ts): the title and the content's words without
-- their markup, computed once by the store, the same text SQLite's FTS5 index reads. Written by
-- hand for the generated column, which Prisma's schema cannot express (see 0003_article_search).
ALTER TABLE "Article" ADD COLUMN "searchText" TEXT;

-- The vector is rebuilt over that column. Articles stored before this migration have no
-- "searchText" (this SQL cannot run the store's function): for them the vector reads the title
-- and the stored HTML as before, which PostgreSQL's parser already reads as words without tags.
DROP INDEX "Article_search_idx";
ALTER TABLE "Article" DROP COLUMN "searchVector";
ALTER TABLE "Article" ADD COLUMN "searchVector" tsvector
  GENERATED ALWAYS AS (to_tsvector('simple'::regconfig,
    COALESCE("searchText", left("title" || ' ' || COALESCE("content", ''), 100000)))) STORED;

CREATE INDEX "Article_search_idx" ON "Article" USING GIN ("searchVector");
