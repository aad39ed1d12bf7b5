import { describe, expect, it } from "vitest";
import { sanitizeContent } from "@/lib/parse/sanitize-content";
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
    ["relative links are resolved against the base", '<a href="../about">a</a>', `<a href="https://blog.example.com/about" ${A}>a</a>`],
    ["protocol-relative URLs become absolute", '<img src="//cdn.example.com/i.png" alt="">', `<img src="https://cdn.example.com/i.png" alt="" ${IMG} />`],
    ["mailto links stay", '<a href="mailto:me@example.com">m</a>', `<a href="mailto:me@example.com" ${A}>m</a>`],
    ["rel and target are ours, whatever the feed said", '<a href="https://x.example/" rel="opener" target="_self">x</a>', `<a href="https://x.example/" ${A}>x</a>`],
    ["a picture keeps its sources", '<picture><source srcset="/a.webp 1x, /a2.webp 2x" type="image/webp"><img src="/a.png" alt="a"></picture>', `<picture><source srcset="https://blog.example.com/a.webp 1x, https://blog.example.com/a2.webp 2x" type="image/webp" /><img src="https://blog.example.com/a.png" alt="a" ${IMG} /></picture>`],
    ["media keeps controls and poster", '<video src="v.mp4" poster="p.jpg" controls autoplay></video>', '<video src="https://blog.example.com/posts/v.mp4" poster="https://blog.example.com/posts/p.jpg" controls></video>'],
    ["tables keep spans", '<table><tr><td colspan="2" rowspan="1" bgcolor="red">c</td></tr></table>', '<table><tr><td colspan="2" rowspan="1">c</td></tr></table>'],
    ["quotes keep cite, times keep datetime", '<blockquote cite="/src">q</blockquote><time datetime="2024-01-01">t</time>', '<blockquote cite="https://blog.example.com/src">q</blockquote><time datetime="2024-01-01">t</time>'],
    ["details and abbr", '<details><summary>S</summary>D</details><abbr title="T">A</abbr>', '<details><summary>S</summary>D</details><abbr title="T">A</abbr>'],
    ["a large image is not a pixel", '<img src="/big.png" width="1" height="400">', `<img src="https://blog.example.com/big.png" width="1" height="400" ${IMG} />`],
    ["text is escaped", "1 < 2 & 3 > 2", "1 &lt; 2 &amp; 3 &gt; 2"],
  ])("%s", (_name, html, expected) => {
    expect(sanitizeContent(html, BASE)).toBe(expected);
  });
});
