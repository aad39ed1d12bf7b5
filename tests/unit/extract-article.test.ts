// The full-text extractor (lib/parse/full-text): lazy images back, the selector's pick, "no
// article" said plainly, and a bounded DOM whatever the page.
import { Readability } from "@mozilla/readability";
import { describe, expect, it } from "vitest";
import { cutUnlikelyRegions } from "@/lib/pipeline/parse/full-text/cut-unlikely-regions";
import { extractArticle } from "@/lib/pipeline/parse/full-text/extract-article";
import { sanitizeContent } from "@/lib/pipeline/parse/sanitize/sanitize-content";
import { HOSTILE_PAGE } from "@/tests/fixtures/hostile-page";
import { readPageFixture } from "@/tests/helpers/article-site";
import { checkSelector, MAX_DOM_CHARS, parsePageDocument } from "@/lib/pipeline/parse/full-text/parse-page-document";
import { recoverLazyImages } from "@/lib/pipeline/parse/full-text/recover-lazy-images";

const URL_ = "https://site.example/posts/1";
const PROSE = "<p>" + "A sentence of ordinary article prose, long enough to count. ".repeat(12) + "</p>";

function imagesAfterRecovery(html: string): string {
  const document = parsePageDocument(`<html><body>${html}</body></html>`, URL_);
  recoverLazyImages(document);
  return document.body.innerHTML;
}

describe("recoverLazyImages", () => {
  it.each([
    [
      "data-src over an inline placeholder",
      '<img src="data:image/gif;base64,R0l" data-src="/real.jpg">',
      'src="/real.jpg"',
    ],
    ["data-src with no src", '<img data-src="/real.jpg">', 'src="/real.jpg"'],
    [
      "data-lazy-src over a placeholder file",
      '<img src="/img/placeholder.png" data-lazy-src="/real.jpg">',
      'src="/real.jpg"',
    ],
    ["data-original", '<img data-original="/real.jpg">', 'src="/real.jpg"'],
    ["data-srcset", '<img src="/a.jpg" data-srcset="/a.jpg 1x, /b.jpg 2x">', 'srcset="/a.jpg 1x, /b.jpg 2x"'],
    [
      "picture source data-srcset",
      '<picture><source data-srcset="/w.webp 800w"><img src="/a.jpg"></picture>',
      'srcset="/w.webp 800w"',
    ],
    ["a real src stays", '<img src="/kept.jpg" data-src="/other.jpg">', 'src="/kept.jpg"'],
  ])("%s", (_name, html, expected) => {
    expect(imagesAfterRecovery(html)).toContain(expected);
  });

  it("replaces the placeholder before a <noscript> image with the image", () => {
    const out = imagesAfterRecovery(
      '<div><img src="/lazy.gif"><noscript><img src="/real.jpg" alt="R"></noscript></div>',
    );
    expect(out).toContain('src="/real.jpg"');
    expect(out).not.toContain("lazy.gif");
    expect(out).not.toContain("noscript");
  });

  it("leaves a <noscript> without an image alone", () => {
    expect(imagesAfterRecovery("<noscript><p>Enable scripts</p></noscript>")).toContain("noscript");
  });
});

describe("extractArticle", () => {
  it("keeps the article, drops the navigation and comments, resolves links against the page", () => {
    const html = `<html><body><nav><a href="/">Home</a> <a href="/a">A</a></nav><article><h1>T</h1>${PROSE}<img src="/pic.jpg"></article>
      <div class="comments"><p>COMMENT</p></div></body></html>`;
    const result = extractArticle({ html, url: URL_, selector: null });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.by).toBe("readability");
    expect(result.html).toContain("ordinary article prose");
    expect(result.html).toContain('src="https://site.example/pic.jpg"');
    expect(result.html).not.toContain("COMMENT");
  });

  it("picks what the selector matches, every match in page order", () => {
    const html = `<html><body><div class="a">${PROSE}</div><div class="b"><p>Second part, also kept here.</p></div></body></html>`;
    const result = extractArticle({ html, url: URL_, selector: ".a, .b" });
    expect(result).toMatchObject({ ok: true, by: "selector" });
    if (result.ok) expect(result.html.indexOf("ordinary")).toBeLessThan(result.html.indexOf("Second part"));
  });

  it.each([
    [
      "a page of links only",
      `<html><body><ul>${'<li><a href="/x">A teaser title here</a></li>'.repeat(20)}</ul></body></html>`,
      null,
      /no article found/,
    ],
    ["an empty page", "", null, /no article found/],
    [
      "a selector that matches nothing",
      `<html><body>${PROSE}</body></html>`,
      ".missing",
      /the selector ".missing" matched nothing/,
    ],
  ])("says there is no article on %s", (_name, html, selector, detail) => {
    const result = extractArticle({ html, url: URL_, selector });
    expect(result).toMatchObject({ ok: false, errorKind: "no_article" });
    if (!result.ok) expect(result.detail).toMatch(detail);
  });
});

describe("parsePageDocument", () => {
  it("cuts scripts, styles, SVG and comments before building the DOM, an unclosed one to the end", () => {
    const html = `<p>kept</p><script>var s = "</p>";</script><style>p{}</style><!-- c --><svg><text>x</text></svg><p>also</p><script>never closed <p>gone</p>`;
    const document = parsePageDocument(html, URL_);
    expect(document.body?.textContent ?? document.documentElement.textContent).toBe("keptalso");
  });

  it("builds at most MAX_DOM_CHARS of a huge page, quickly even with thousands of unclosed tags", () => {
    const html = "<svg ".repeat(50_000) + "<p>" + "x".repeat(MAX_DOM_CHARS * 2) + "</p>";
    const document = parsePageDocument("<p>head</p>" + html, URL_);
    expect(document.documentElement.textContent!.length).toBeLessThanOrEqual(MAX_DOM_CHARS);
  });
});

describe("cutUnlikelyRegions", () => {
  it.each([
    [
      "a comments region, leaving an empty stand-in",
      '<div><p>x</p><div class="comments" id="c"><p>c</p></div><p>y</p></div>',
      '<div><p>x</p><div class="comments" id="c"></div><p>y</p></div>',
    ],
    [
      "an unlikely role, its stand-in's attributes escaped",
      '<aside role="navigation" class="a&amp;&quot;b"><p>n</p></aside>',
      '<aside class="a&amp;&quot;b" role="navigation"></aside>',
    ],
    ["nothing whose class also says content", '<div class="comment-content"><p>k</p></div>', null],
    ["nothing near a table", '<table><tr><td><div class="comment">k</div></td></tr></table>', null],
    ["nothing that looks like the byline", '<div class="header-author">By Ada</div>', null],
    [
      "nothing holding a heading or metadata",
      '<div class="sidebar"><h2>H</h2></div><div class="footer"><meta name="x"></div>',
      null,
    ],
    ["nothing closed only by implication", '<div class="related"><p>never closed', null],
    ["nothing in the head", '<head><title class="header">T</title><style class="menu"></style></head>', null],
  ])("cuts %s", (_name, html, expected) => {
    expect(cutUnlikelyRegions(html)).toBe(expected ?? html);
  });

  const SHORT_WITH_COMMENTS = `<html><body><article><p>A short article, a line or two of text.</p></article>
    <div class="comments">${"<p>A long comment that goes on about the article and more. </p>".repeat(20)}</div></body></html>`;
  it.each([
    ...["news-article", "blog-post", "docs-page"].map((name) => [name, readPageFixture(name)]),
    ["the hostile page", HOSTILE_PAGE],
    // Readability's first pass finds too little; its later passes read the comments: so does Tidings.
    ["a short article under long comments", SHORT_WITH_COMMENTS],
  ])("leaves the article Readability finds on the whole page unchanged: %s", (_name, html) => {
    const whole = parsePageDocument(html, URL_);
    recoverLazyImages(whole);
    const expected = sanitizeContent(new Readability(whole, { keepClasses: false }).parse()!.content!, URL_);
    expect(extractArticle({ html, url: URL_, selector: null })).toEqual({
      ok: true,
      html: expected,
      by: "readability",
    });
  });
});

describe("checkSelector", () => {
  it.each([
    ["article .content", null],
    ["div > p:first-child, .x", null],
    ["div[", /not a CSS selector/],
    ["p:unknown-thing", /not a CSS selector/],
  ])("%s", (selector, expected) => {
    const verdict = checkSelector(selector);
    if (expected === null) expect(verdict).toBeNull();
    else expect(verdict).toMatch(expected);
  });
});
