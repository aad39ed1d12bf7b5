// Generated feeds the ingest and parse benches and the size test share.
import { rssFeed } from "./publisher";

/** `items` items of headline, link, guid and date (no content): the ingest bench's feed. */
export function headlinesFeed(items: number, title: string): string {
  return rssFeed({
    title,
    items: Array.from({ length: items }, (_, index) => ({
      guid: `urn:ingest:${index}`,
      title: `Item ${index}: a headline of ordinary length`,
      link: `https://publisher.example/posts/${index}`,
      pubDate: new Date(Date.UTC(2026, 0, 1) + index * 60_000).toUTCString(),
    })),
  });
}

/** About `targetBytes` of items with ordinary article markup (links, emphasis, an image, entities) in content:encoded. */
export function bigRssFeed(targetBytes: number): Buffer {
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
