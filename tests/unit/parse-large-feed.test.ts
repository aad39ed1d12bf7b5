// A 10 MB feed: must parse, and the time is logged (not asserted: it depends on the machine)
// so we can decide whether parsing belongs in a worker thread.
import { describe, expect, it } from "vitest";
import { parseFeed } from "@/lib/pipeline/parse/parse-feed";
import { bigRssFeed } from "@/tests/helpers/big-feed";

describe("a 10 MB feed", () => {
  it("parses completely (time logged)", async () => {
    const body = bigRssFeed(10 * 1024 * 1024);
    const started = performance.now();
    const result = await parseFeed({ body, contentType: "application/rss+xml", url: "https://big.example/feed" });
    const elapsed = performance.now() - started;
    console.log(
      `[parse] ${(body.length / 1024 / 1024).toFixed(1)} MB RSS, ${result.ok ? result.feed.items.length : 0} items: ${Math.round(elapsed)} ms`,
    );
    expect(result.ok).toBe(true);
    expect(result.ok && result.feed.items.length).toBeGreaterThan(8000);
    expect(result.ok && result.feed.items.at(-1)?.content).toMatch(
      /^<p>Paragraph \d+ with <a href="https:\/\/big\.example\/post\/\d+"/,
    );
  }, 120_000);
});
