// A 10 MB feed: must parse, and the time is logged (not asserted: it depends on the machine)
// so we can decide whether parsing belongs in a worker thread.
import { describe, expect, it } from "vitest";
import { parseFeed } from "@/lib/parse/parse-feed";

function generateRss(targetBytes: number): Buffer {
  const head =
    '<?xml version="1.0" encoding="UTF-8"?><rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" ' +
    'xmlns:dc="http://purl.org/dc/elements/1.1/"><channel><title>Big</title><link>https://big.example/</link>';
  const parts = [head];
  let size = head.length;
  for (let i = 0; size < targetBytes; i++) {
    const paragraph =
      `<p>Paragraph ${i} with <a href="/post/${i}">a link</a> &amp; <em>emphasis</em>, an image <img src="/img/${i}.png" alt="x"> ` +
      "and some more text to make it realistic. Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor.</p>";
    const item =
      `<item><title>Item ${i} &amp; more</title><link>https://big.example/post/${i}</link><guid>https://big.example/post/${i}</guid>` +
      `<dc:creator>Author ${i % 7}</dc:creator><pubDate>Tue, 10 Jun 2003 04:00:00 GMT</pubDate><description><![CDATA[Short ${i}]]></description>` +
      `<content:encoded><![CDATA[${paragraph.repeat(3)}]]></content:encoded></item>`;
    parts.push(item);
    size += item.length;
  }
  parts.push("</channel></rss>");
  return Buffer.from(parts.join(""));
}

describe("a 10 MB feed", () => {
  it("parses completely (time logged)", async () => {
    const body = generateRss(10 * 1024 * 1024);
    const started = performance.now();
    const result = await parseFeed({ body, contentType: "application/rss+xml", url: "https://big.example/feed" });
    const elapsed = performance.now() - started;
    console.log(`[parse] ${(body.length / 1024 / 1024).toFixed(1)} MB RSS, ${result.ok ? result.feed.items.length : 0} items: ${Math.round(elapsed)} ms`);
    expect(result.ok).toBe(true);
    expect(result.ok && result.feed.items.length).toBeGreaterThan(8000);
    expect(result.ok && result.feed.items.at(-1)?.content).toMatch(/^<p>Paragraph \d+ with <a href="https:\/\/big\.example\/post\/\d+"/);
  }, 120_000);
});
