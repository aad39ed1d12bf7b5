// The searchable text of an article: the one rule for what both databases index. The store
// writes it to "Article"."searchText" with every new or changed article; PostgreSQL's generated
// "searchVector" and SQLite's FTS5 "ArticleSearch" (lib/db/search-sql.ts) both read that column,
// so a word is found on one database exactly when it is found on the other.
//
// The title and the words the reader sees in the content: never its markup. Tag and attribute
// names, link and image addresses in attributes are not words of the article ("href" or
// "example.com/tracker" must find nothing), and entities are decoded ("caf&eacute;" is "café").
// Every tag separates words, as PostgreSQL's parser reads HTML ("a<br>b" is "a b"). The content
// is already sanitized (lib/pipeline/parse/sanitize): no script or style text is left to skip.
import { Parser } from "htmlparser2";

/** Only the start of a long article: PostgreSQL's to_tsvector fails past 1 MB of vector, refusing the insert. */
export const SEARCH_TEXT_MAX_CHARS = 100_000;

export function buildSearchText(title: string, contentHtml: string | null): string {
  const parts: string[] = [title, " "];
  if (contentHtml) {
    const parser = new Parser(
      {
        onopentagname: () => parts.push(" "),
        onclosetag: () => parts.push(" "),
        ontext: (text) => parts.push(text),
      },
      { decodeEntities: true },
    );
    parser.write(contentHtml);
    parser.end();
  }
  return parts.join("").replace(/\s+/g, " ").trim().slice(0, SEARCH_TEXT_MAX_CHARS);
}
