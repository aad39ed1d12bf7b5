import { describe, expect, it } from "vitest";
import { sanitizeContent } from "@/lib/parse/sanitize-content";

const BASE = "https://blog.example.com/posts/entry.html";
const A = 'rel="noopener noreferrer nofollow" target="_blank"';
const IMG = 'loading="lazy" referrerpolicy="no-referrer"';

describe("sanitizeContent: allowlist only, hostile markup removed", () => {
  it.each([
    ["script element", "<p>ok<script>alert(1)</script></p>", "<p>ok</p>"],
    ["script with odd casing", "<ScRiPt>alert(1)</sCrIpT>text", "text"],
    ["onerror handler", '<img src="/a.png" onerror="alert(1)">', `<img src="https://blog.example.com/a.png" ${IMG} />`],
    ["unquoted handler", "<b onmouseover=alert(1)>bold</b>", "<b>bold</b>"],
    ["javascript: href", '<a href="javascript:alert(1)">x</a>', `<a ${A}>x</a>`],
    ["JaVaScRiPt: href", '<a href="JaVaScRiPt:alert(1)">x</a>', `<a ${A}>x</a>`],
    ["tab inside the scheme", '<a href="jav&#x09;ascript:alert(1)">x</a>', `<a ${A}>x</a>`],
    ["entity-encoded scheme", '<a href="&#106;&#97;vascript:alert(1)">x</a>', `<a ${A}>x</a>`],
    ["leading space before the scheme", '<a href="  javascript:alert(1)">x</a>', `<a ${A}>x</a>`],
    ["data: href", '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>', `<a ${A}>x</a>`],
    ["vbscript: href", '<a href="VBScript:MsgBox(1)">x</a>', `<a ${A}>x</a>`],
    ["data: image", '<img src="data:image/svg+xml;base64,PHN2Zz4=" alt="d">', ""],
    ["srcset with javascript:", '<img src="/a.png" srcset="javascript:alert(1) 1x, /b.png 2x">', `<img src="https://blog.example.com/a.png" srcset="https://blog.example.com/b.png 2x" ${IMG} />`],
    ["svg onload", "<svg onload=alert(1)><circle r=1 /></svg>after", "after"],
    ["svg script", "<svg><script>alert(1)</script><text>t</text></svg>", ""],
    ["MathML", "<math><mi>x</mi></math>y", "y"],
    ["style attribute with expression()", '<p style="width:expression(alert(1))">styled</p>', "<p>styled</p>"],
    ["style element", "<style>body{background:url(javascript:alert(1))}</style>text", "text"],
    ["class and id", '<p class="x" id="y">p</p>', "<p>p</p>"],
    ["iframe from an evil host", '<iframe src="https://evil.example/embed"></iframe>', ""],
    ["javascript: iframe", '<iframe src="javascript:alert(1)"></iframe>', ""],
    ["iframe from YouTube gets a sandbox", '<iframe src="https://www.youtube.com/embed/xyz" width="560" height="315"></iframe>', '<iframe src="https://www.youtube.com/embed/xyz" width="560" height="315" sandbox="allow-scripts allow-same-origin allow-presentation allow-popups"></iframe>'],
    ["form and inputs", '<form action="https://evil.example/"><input name="q"><button>Go</button></form>', "Go"],
    ["meta refresh", '<meta http-equiv="refresh" content="0;url=https://evil.example/">x', "x"],
    ["base href", '<base href="https://evil.example/"><a href="rel">r</a>', `<a href="https://blog.example.com/posts/rel" ${A}>r</a>`],
    ["link stylesheet", '<link rel="stylesheet" href="https://evil.example/x.css">x', "x"],
    ["object and embed", '<object data="x.swf"><embed src="x.swf">fallback</object>', "fallback"],
    ["1x1 tracking pixel", '<img src="https://t.example/p.gif" width="1" height="1">', ""],
    ["0x0 tracking pixel", '<img src="https://t.example/p.gif" width="0" height="0">', ""],
    ["html comment", "a<!-- <script>alert(1)</script> -->b", "ab"],
  ])("%s", (_name, html, expected) => {
    expect(sanitizeContent(html, BASE)).toBe(expected);
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
