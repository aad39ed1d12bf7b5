import { describe, expect, it } from "vitest";
import { parseFeedOffThread, OFF_THREAD_THRESHOLD_BYTES } from "@/lib/pipeline/round/parse-off-thread";
import { ITEM_BATCH_SIZE } from "@/lib/pipeline/parse/items/gather-items";
import type { ParsedItem } from "@/lib/pipeline/parse/contract/types";

/** A feed of `items` items with about 1 KB of HTML each. */
function bigFeed(items: number): Buffer {
  const paragraph =
    '<p>A paragraph of <em>real-looking</em> text with <a href="/link">a link</a> and an image <img src="/i.png" alt="x">.</p>'.repeat(
      8,
    );
  const body = Array.from(
    { length: items },
    (_, n) =>
      `<item><guid>urn:big:${n}</guid><title>Item ${n}</title><link>https://publisher.example/${n}</link><description><![CDATA[${paragraph}]]></description></item>`,
  ).join("\n");
  return Buffer.from(
    `<?xml version="1.0" encoding="utf-8"?><rss version="2.0"><channel><title>Big</title><link>https://publisher.example/</link>${body}</channel></rss>`,
  );
}

describe("parsing large feeds off the main thread", () => {
  it("parses a multi-megabyte feed completely while the main thread keeps running timers", async () => {
    const body = bigFeed(3000);
    expect(body.length).toBeGreaterThan(OFF_THREAD_THRESHOLD_BYTES * 4);
    let last = performance.now();
    let worstGap = 0;
    const ticker = setInterval(() => {
      const now = performance.now();
      worstGap = Math.max(worstGap, now - last);
      last = now;
    }, 10);
    const started = performance.now();
    const result = await parseFeedOffThread({
      body,
      contentType: "application/rss+xml",
      url: "https://publisher.example/feed.xml",
    });
    const elapsed = performance.now() - started;
    clearInterval(ticker);
    expect(result.ok && result.feed.items.length).toBe(3000);
    // Inline, the sanitizer would hold the thread for the whole parse; here the loop keeps turning.
    expect(worstGap).toBeLessThan(Math.max(500, elapsed / 3));
  });

  it("recovers a large truncated document in the worker, and classifies one with nothing readable, never an exception", async () => {
    const parse = (body: Buffer) =>
      parseFeedOffThread({ body, contentType: "application/rss+xml", url: "https://publisher.example/feed.xml" });
    const truncated = await parse(bigFeed(1000).subarray(0, OFF_THREAD_THRESHOLD_BYTES + 1000));
    expect(truncated.ok && truncated.reading.xmlRecovery).toMatch(/^recovered from malformed XML: /);
    expect(truncated.ok && truncated.feed.items.length).toBeGreaterThan(100);
    const unreadable = Buffer.from(`<rss><channel></chanel>${"<p/>".repeat(OFF_THREAD_THRESHOLD_BYTES / 4)}</rss>`);
    expect(unreadable.length).toBeGreaterThan(OFF_THREAD_THRESHOLD_BYTES);
    expect(await parse(unreadable)).toMatchObject({ ok: false, errorKind: "parse" });
  });

  it("hands a large feed's items over in batches, each taken before it reads on, and stops when one is refused", async () => {
    const input = {
      body: bigFeed(1200),
      contentType: "application/rss+xml",
      url: "https://publisher.example/feed.xml",
    };
    const taken: string[][] = [];
    let storing = false;
    const result = await parseFeedOffThread(input, async (items: ParsedItem[]) => {
      expect(storing, "a batch while the last is still being stored").toBe(false);
      storing = true;
      await new Promise((resolve) => setTimeout(resolve, 50));
      taken.push(items.map((item) => item.guid ?? ""));
      storing = false;
    });
    expect(taken.map((batch) => batch.length)).toEqual([ITEM_BATCH_SIZE, ITEM_BATCH_SIZE]);
    expect(result.ok && result.feed.items.map((item) => item.guid)).toEqual(
      Array.from({ length: 200 }, (_, n) => `urn:big:${1000 + n}`),
    );
    expect(taken.flat().slice(0, 2)).toEqual(["urn:big:0", "urn:big:1"]);

    let offered = 0;
    const refused = await parseFeedOffThread(input, async () => {
      offered += 1;
      throw new Error("the database is gone");
    });
    expect(offered).toBe(1);
    expect(refused).toMatchObject({
      ok: false,
      errorKind: "parse",
      detail: expect.stringMatching(/could not be stored/),
    });
  });

  it("hands a large JSON Feed's items over in batches too, keeping only the last part-batch", async () => {
    const paragraph = "<p>A paragraph of <em>real-looking</em> text with a link.</p>".repeat(12);
    const items = Array.from({ length: 1200 }, (_, n) => ({
      id: `urn:json:${n}`,
      title: `Item ${n}`,
      content_html: paragraph,
    }));
    const body = Buffer.from(JSON.stringify({ version: "https://jsonfeed.org/version/1.1", title: "Big", items }));
    expect(body.length).toBeGreaterThan(OFF_THREAD_THRESHOLD_BYTES);
    const taken: number[] = [];
    const result = await parseFeedOffThread(
      { body, contentType: "application/feed+json", url: "https://publisher.example/feed.json" },
      async (batch: ParsedItem[]) => void taken.push(batch.length),
    );
    expect(taken).toEqual([ITEM_BATCH_SIZE, ITEM_BATCH_SIZE]);
    expect(result.ok && result.feed.items.map((item) => item.guid)).toEqual(
      Array.from({ length: 200 }, (_, n) => `urn:json:${1000 + n}`),
    );
  });
});
