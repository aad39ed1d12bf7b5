-- Best match (lib/db/search-sql.ts) weighs a word in the title above a word in the body: the
-- vector gets the title's words weighted 'A' before the searchable text (which begins with the
-- title) weighted 'D', so ts_rank can weigh them and a query can ask for a word in the title
-- ('word':*A). What matches is unchanged. Written by hand for the generated column (see
-- 0003_article_search and 0025_search_text); re-adding it computes the vector of every existing
-- row, so this migration rewrites the table once.
DROP INDEX "Article_search_idx";
ALTER TABLE "Article" DROP COLUMN "searchVector";
ALTER TABLE "Article" ADD COLUMN "searchVector" tsvector
  GENERATED ALWAYS AS (
    setweight(to_tsvector('simple'::regconfig, left("title", 100000)), 'A')
    || setweight(to_tsvector('simple'::regconfig,
      COALESCE("searchText", left("title" || ' ' || COALESCE("content", ''), 100000))), 'D')
  ) STORED;

CREATE INDEX "Article_search_idx" ON "Article" USING GIN ("searchVector");
