import { describe, expect, it } from "vitest";
import { hostOf, politenessKeyOf } from "@/lib/pipeline/fetch/host-of";
import { takeTurn } from "@/lib/pipeline/lanes/request-lane";

describe("politenessKeyOf: one gap per registrable domain (Public Suffix List, private section included)", () => {
  it.each([
    ["https://a.example.com/feed", "example.com"],
    ["https://b.example.com:8443/feed", "example.com"],
    ["https://example.com/feed", "example.com"],
    ["https://alice.github.io/feed.xml", "alice.github.io"],
    ["https://bob.github.io/feed.xml", "bob.github.io"],
    ["https://news.bbc.co.uk/rss", "bbc.co.uk"],
    ["https://blog.example.co.uk/rss", "example.co.uk"],
    ["http://127.0.0.1:8080/feed", "127.0.0.1"],
    ["http://127.0.0.2/feed", "127.0.0.2"],
    ["http://[::1]:3000/feed", "[::1]"],
    ["http://[2001:db8::1]/feed", "[2001:db8::1]"],
    ["http://localhost:3000/feed", "localhost"],
    ["http://intranet/feed", "intranet"],
    ["https://WWW.Example.COM/feed", "example.com"],
  ])("%s → %s", (url, key) => {
    expect(politenessKeyOf(url)).toBe(key);
  });

  it("keeps Retry-After holds per host name, not per domain", () => {
    expect(hostOf("https://a.example.com/x")).toBe("a.example.com");
    expect(hostOf("https://b.example.com/x")).toBe("b.example.com");
  });
});

describe("the request lane", () => {
  const GAP = 200;
  async function gapBetween(first: string, second: string): Promise<number> {
    const one = await takeTurn(new URL(first), GAP);
    const released = performance.now();
    one.release();
    const two = await takeTurn(new URL(second), GAP);
    const waited = performance.now() - released;
    two.release();
    return waited;
  }

  it("makes sub-domains of one registrable domain wait the gap", async () => {
    expect(await gapBetween("https://a.example.com/1", "https://b.example.com/2")).toBeGreaterThanOrEqual(GAP - 10);
  });

  it("does not make two github.io sites, or two domains, wait for each other", async () => {
    expect(await gapBetween("https://alice.github.io/1", "https://bob.github.io/2")).toBeLessThan(GAP / 2);
    expect(await gapBetween("https://one.example.org/1", "https://other.example.net/2")).toBeLessThan(GAP / 2);
  });

  it("gives one turn at a time: a second caller waits until the first releases", async () => {
    const first = await takeTurn(new URL("https://x.example/1"), 0);
    let secondStarted = false;
    const second = takeTurn(new URL("https://y.example/1"), 0).then((turn) => {
      secondStarted = true;
      return turn;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(secondStarted).toBe(false);
    first.release();
    (await second).release();
    expect(secondStarted).toBe(true);
  });
});
