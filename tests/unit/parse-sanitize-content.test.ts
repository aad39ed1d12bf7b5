import { describe, expect, it } from "vitest";
import { htmlToText } from "@/lib/pipeline/parse/sanitize/html-text";
import { sanitizeContent } from "@/lib/pipeline/parse/sanitize/sanitize-content";
import { HOSTILE_MARKUP_BASE, HOSTILE_MARKUP_CASES } from "@/tests/fixtures/hostile-html";

const BASE = HOSTILE_MARKUP_BASE;
const A = 'rel="noopener noreferrer nofollow" target="_blank"';
const IMG = 'loading="lazy" referrerpolicy="no-referrer"';

describe("sanitizeContent: allowlist only, hostile markup removed", () => {
  it.each(HOSTILE_MARKUP_CASES)("%s", (_name, html, expected) => {
    expect(sanitizeContent(html, HOSTILE_MARKUP_BASE)).toBe(expected);
  });
});

describe("sanitizeContent: what stays, and how", () => {
  it.each([
    [
      "relative links are resolved against the base",
      '<a href="../about">a</a>',
      `<a href="https://blog.example.com/about" ${A}>a</a>`,
    ],
    [
      "protocol-relative URLs become absolute",
      '<img src="//cdn.example.com/i.png" alt="">',
      `<img src="https://cdn.example.com/i.png" alt="" ${IMG} />`,
    ],
    ["mailto links stay", '<a href="mailto:me@example.com">m</a>', `<a href="mailto:me@example.com" ${A}>m</a>`],
    [
      "rel and target are ours, whatever the feed said",
      '<a href="https://x.example/" rel="opener" target="_self">x</a>',
      `<a href="https://x.example/" ${A}>x</a>`,
    ],
    [
      "a picture keeps its sources",
      '<picture><source srcset="/a.webp 1x, /a2.webp 2x" type="image/webp"><img src="/a.png" alt="a"></picture>',
      `<picture><source srcset="https://blog.example.com/a.webp 1x, https://blog.example.com/a2.webp 2x" type="image/webp" /><img src="https://blog.example.com/a.png" alt="a" ${IMG} /></picture>`,
    ],
    [
      "media keeps controls and poster",
      '<video src="v.mp4" poster="p.jpg" controls autoplay></video>',
      '<video src="https://blog.example.com/posts/v.mp4" poster="https://blog.example.com/posts/p.jpg" controls></video>',
    ],
    [
      "tables keep spans and colours, not background images",
      '<table><tr><td colspan="2" rowspan="1" bgcolor="red" background="/bg.png">c</td></tr></table>',
      '<table><tr><td colspan="2" rowspan="1" bgcolor="red">c</td></tr></table>',
    ],
    [
      "quotes keep cite, times keep datetime",
      '<blockquote cite="/src">q</blockquote><time datetime="2024-01-01">t</time>',
      '<blockquote cite="https://blog.example.com/src">q</blockquote><time datetime="2024-01-01">t</time>',
    ],
    [
      "details and abbr",
      '<details><summary>S</summary>D</details><abbr title="T">A</abbr>',
      '<details><summary>S</summary>D</details><abbr title="T">A</abbr>',
    ],
    [
      "a large image is not a pixel",
      '<img src="/big.png" width="1" height="400">',
      `<img src="https://blog.example.com/big.png" width="1" height="400" ${IMG} />`,
    ],
    ["text is escaped", "1 < 2 & 3 > 2", "1 &lt; 2 &amp; 3 &gt; 2"],
    [
      "plain styles stay, normalised",
      '<p style="COLOR:#036;text-align:center ; font-weight: bold">s</p>',
      '<p style="color: #036; text-align: center; font-weight: bold;">s</p>',
    ],
    [
      "align stays",
      '<p align="right">r</p><img src="/a.png" align="left" border="0">',
      `<p align="right">r</p><img src="https://blog.example.com/a.png" align="left" border="0" ${IMG} />`,
    ],
    [
      "kbd, strike, center, tt, var, samp, font",
      '<kbd>K</kbd><strike>S</strike><center>C</center><tt>T</tt><var>V</var><samp>P</samp><font color="red" face="serif">F</font>',
      '<kbd>K</kbd><strike>S</strike><center>C</center><tt>T</tt><var>V</var><samp>P</samp><font color="red" face="serif">F</font>',
    ],
    [
      "HTML5 sections and ruby",
      "<article><header>H</header><section>S</section><aside>A</aside><footer>F</footer></article><ruby>漢<rp>(</rp><rt>kan</rt><rp>)</rp></ruby>",
      "<article><header>H</header><section>S</section><aside>A</aside><footer>F</footer></article><ruby>漢<rp>(</rp><rt>kan</rt><rp>)</rp></ruby>",
    ],
    [
      "empty attributes survive, bare",
      '<span title="" colspan="" dir="">s</span><td nowrap="">c</td>',
      "<span title colspan dir>s</span><td nowrap>c</td>",
    ],
    ["an image without a source shows its alt text", '<img alt="년">', `<img alt="년" ${IMG} />`],
    [
      "empty elements survive",
      "<span></span><acronym></acronym><canvas></canvas><address></address><p></p>",
      "<span></span><acronym></acronym><canvas></canvas><address></address><p></p>",
    ],
    [
      "an iframe fallback is shown as HTML, not as tag text",
      '<iframe src="https://evil.example/x">Watch <a href="/v">the video</a> &amp; more</iframe>',
      `Watch <a href="https://blog.example.com/v" ${A}>the video</a> &amp; more`,
    ],
    [
      "a kept player's fallback is not kept inside it",
      '<iframe src="https://player.vimeo.com/video/1">Watch <b>here</b></iframe>',
      '<iframe src="https://player.vimeo.com/video/1" sandbox="allow-scripts allow-same-origin allow-presentation allow-popups"></iframe>',
    ],
    [
      "a self-closed iframe's trailing text stays text",
      'safe<iframe src="https://evil.example/" /> description',
      "safe description",
    ],
    [
      "lists and tables keep their presentational attributes",
      '<ol start="3" type="a"><li value="4">x</li></ol><table border="1" cellpadding="2"><tr><td valign="top" nowrap>c</td></tr></table>',
      '<ol start="3" type="a"><li value="4">x</li></ol><table border="1" cellpadding="2"><tr><td valign="top" nowrap>c</td></tr></table>',
    ],
  ])("%s", (_name, html, expected) => {
    expect(sanitizeContent(html, BASE)).toBe(expected);
  });
});

describe("sanitizeContent: nesting", () => {
  it("stops at 512 open elements (as Chromium's parser does) and closes what it wrote", () => {
    const sanitized = sanitizeContent(`${"<b>".repeat(200_000)}deep`, BASE);
    expect(sanitized).toBe(`${"<b>".repeat(512)}${"</b>".repeat(512)}`);
  });

  it("nesting below the limit is kept whole", () => {
    expect(sanitizeContent(`${"<i>".repeat(500)}x`, BASE)).toBe(`${"<i>".repeat(500)}x${"</i>".repeat(500)}`);
  });
});

describe("htmlToText: nesting", () => {
  it("stops reading past 512 open elements", () => {
    expect(htmlToText(`a${"<b>".repeat(100_000)}deep`)).toBe("a");
    expect(htmlToText(`a${"<i>".repeat(500)}b`)).toBe("ab");
  });
});
