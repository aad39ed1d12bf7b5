// The searchable text of an article (lib/db/search-text.ts): what both databases index.
import { describe, expect, it } from "vitest";
import { buildSearchText, SEARCH_TEXT_MAX_CHARS } from "@/lib/db/search-text";

describe("the searchable text of an article", () => {
  it.each([
    ["the title and the content's words", "Title", "<p>Some words</p>", "Title Some words"],
    ["no content: the title alone", "Only a title", null, "Only a title"],
    [
      "no tag or attribute names, no addresses in attributes",
      "Linked",
      '<p>See <a href="https://tracker.example/zebra" title="tooltip" class="marmalade">this page</a></p>',
      "Linked See this page",
    ],
    ["an image is no words", "Pictures", '<p>Before<img src="/quokka.png" alt="">after</p>', "Pictures Before after"],
    ["entities decoded, not spelled", "Café", "<p>Caf&eacute; &amp; cr&egrave;me</p>", "Café Café & crème"],
    [
      "every tag separates words, as PostgreSQL's parser reads them",
      "T",
      "<p>one<br>two</p><p>three</p>",
      "T one two three",
    ],
    ["whitespace collapsed", "  Spaced   title ", "<p>a\n\n\tb</p>", "Spaced title a b"],
  ])("%s", (_, title, content, expected) => {
    expect(buildSearchText(title, content)).toBe(expected);
  });

  it(`keeps only the first ${SEARCH_TEXT_MAX_CHARS.toLocaleString("en")} characters`, () => {
    const text = buildSearchText("Long", `<p>${"word ".repeat(50_000)}</p>`);
    expect(text.length).toBe(SEARCH_TEXT_MAX_CHARS);
    expect(text.startsWith("Long word word")).toBe(true);
  });
});
