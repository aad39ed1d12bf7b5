// Article extraction in the parse stage's worker (lib/pipeline/round/extract-off-thread.ts): a
// large page is read off the main thread, with the same article as inline; a small one inline.
import { describe, expect, it } from "vitest";
import { extractArticle } from "@/lib/pipeline/parse/full-text/extract-article";
import { EXTRACT_OFF_THREAD_CHARS, extractArticleOffThread } from "@/lib/pipeline/round/extract-off-thread";
import { readPageFixture } from "@/tests/helpers/article-site";

const URL_ = "https://news.example/2026/bridges";

/** The news fixture with `comments` more comments: the page grows, its article does not. */
function newsPage(comments: number): string {
  const comment = `<div class="comment"><p class="comment-author">reader</p><p>Another comment on the story.</p></div>`;
  return readPageFixture("news-article").replace("</section>", comment.repeat(comments) + "</section>");
}

/** Whether the main thread turned (a setImmediate ran) before the extraction came back. */
async function extractWatchingTheLoop(html: string) {
  let turned = false;
  const watcher = setImmediate(() => (turned = true));
  const extraction = await extractArticleOffThread({ html, url: URL_, selector: null });
  clearImmediate(watcher);
  return { extraction, turned };
}

describe("extracting articles off the main thread", () => {
  it("extracts a large page in the worker, the main thread free meanwhile, to the same article as inline", async () => {
    const html = newsPage(6000);
    expect(html.length).toBeGreaterThan(EXTRACT_OFF_THREAD_CHARS * 4);
    const { extraction, turned } = await extractWatchingTheLoop(html);
    expect(turned).toBe(true);
    expect(extraction.ok).toBe(true);
    expect(extraction).toEqual(extractArticle({ html, url: URL_, selector: null }));
    expect(extraction.ok && extraction.html).not.toMatch(/Another comment on the story/);
  });

  it("extracts a small page inline, where the worker's round trip would cost more than the page", async () => {
    const html = newsPage(0);
    expect(html.length).toBeLessThan(EXTRACT_OFF_THREAD_CHARS);
    const { extraction, turned } = await extractWatchingTheLoop(html);
    expect(turned).toBe(false);
    expect(extraction).toEqual(extractArticle({ html, url: URL_, selector: null }));
  });

  it("applies a source's selector in the worker, and says when a large page holds no article", async () => {
    const html = newsPage(6000);
    const picked = await extractArticleOffThread({ html, url: URL_, selector: ".comment" });
    expect(picked).toMatchObject({ ok: true, by: "selector" });
    const chrome = `<html><body><nav>${'<a href="/x">menu</a>'.repeat(8000)}</nav></body></html>`;
    expect(chrome.length).toBeGreaterThan(EXTRACT_OFF_THREAD_CHARS);
    expect(await extractArticleOffThread({ html: chrome, url: URL_, selector: null })).toMatchObject({
      ok: false,
      errorKind: "no_article",
    });
  });
});
