// What the feed apps (Google Reader and Fever APIs) get as an article's content: the full article
// read from its page when there is one, else the feed's content. An app has no switch between the
// two (the web reader has), and a full-text source was chosen for its whole articles. One home for
// the rule, used by both APIs' SQL. Pure.
import { sql } from "@/lib/db/sql";

export const APP_CONTENT_SQL = sql`COALESCE((SELECT "ArticlePage"."content" FROM "ArticlePage"
    WHERE "ArticlePage"."articleId" = "Article"."id" AND "ArticlePage"."state" = 'extracted'), "Article"."content")`;
