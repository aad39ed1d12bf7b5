import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { BlockedAddressError } from "@/lib/pipeline/fetch/address-guard";
import { checkUrl } from "@/lib/pipeline/fetch/check-url";
import { discardBody } from "@/lib/pipeline/fetch/discard-body";
import { buildUserAgent, fetchFeed, type FetchOptions } from "@/lib/pipeline/fetch/fetch-feed";
import { followRedirects } from "@/lib/pipeline/fetch/follow-redirects";
import { getAgent, sendRequest } from "@/lib/pipeline/fetch/http-client";
import type { FetchResult, Redirect } from "@/lib/pipeline/fetch/types";
import { feed, redirect, SAMPLE_RSS, startPublisher, status, type Publisher } from "@/tests/helpers/publisher";

const userAgent = buildUserAgent({ version: "0.1.0", publicUrl: null, subscribers: 1 });
const options: FetchOptions = { userAgent, timeoutMs: 5_000, maxBodyBytes: 2 ** 20, allowPrivateNetworks: true };

let publisher: Publisher;
beforeAll(async () => {
  publisher = await startPublisher({ "/feed": feed({ body: SAMPLE_RSS, etag: '"final"' }) });
});
afterAll(() => publisher.close());
beforeEach(() => publisher.clearRequests());

function get(path: string, etag: string | null = null, extra: Partial<FetchOptions> = {}): Promise<FetchResult> {
  return fetchFeed({ url: publisher.url(path), etag, lastModified: null }, { ...options, ...extra });
}

/** Routes /chain/1 → /chain/2 → … → /chain/n → target, each with the given status. */
function routeChain(name: string, statuses: number[], target = "/feed"): void {
  statuses.forEach((code, i) => {
    const next = i + 1 < statuses.length ? `/${name}/${i + 2}` : target;
    publisher.setRoute(`/${name}/${i + 1}`, redirect(code, next));
  });
}

describe("redirects", () => {
  it.each([
    ["301", [301], true],
    ["308", [308], true],
    ["301 → 308 → 301", [301, 308, 301], true],
    ["302", [302], false],
    ["303", [303], false],
    ["307", [307], false],
    ["301 → 302 (one temporary hop)", [301, 302], false],
    ["308 → 307 → 308", [308, 307, 308], false],
  ])(
    "%s: followed to the feed; permanentRedirectUrl only when every hop is permanent",
    async (name, statuses, permanent) => {
      routeChain(`c${name.replace(/\W/g, "")}`, statuses);
      const start = `/c${name.replace(/\W/g, "")}/1`;
      const result = await get(start);
      expect(result.outcome).toBe("ok");
      expect(result.meta.finalUrl).toBe(publisher.url("/feed"));
      expect(result.meta.requestedUrl).toBe(publisher.url(start));
      expect(result.meta.redirects.map((hop: Redirect) => hop.status)).toEqual(statuses);
      expect(result.meta.redirects[0]?.from).toBe(publisher.url(start));
      expect(result.meta.redirects.at(-1)?.to).toBe(publisher.url("/feed"));
      expect(result.meta.permanentRedirectUrl).toBe(permanent ? publisher.url("/feed") : null);
    },
  );

  it("no redirect: permanentRedirectUrl is null", async () => {
    const result = await get("/feed");
    expect(result.meta).toMatchObject({ redirects: [], permanentRedirectUrl: null });
  });

  it("relative and absolute Locations both resolve against the current URL", async () => {
    publisher.setRoute("/dir/a", redirect(301, "b"));
    publisher.setRoute("/dir/b", redirect(301, "../feed"));
    publisher.setRoute("/abs", redirect(301, publisher.url("/dir/a")));
    const result = await get("/abs");
    expect(result.meta.redirects.map((hop) => hop.to)).toEqual([
      publisher.url("/dir/a"),
      publisher.url("/dir/b"),
      publisher.url("/feed"),
    ]);
  });

  it("validators are sent on every hop, byte for byte", async () => {
    routeChain("v", [301, 302]);
    const result = await get("/v/1", 'W/"final"');
    expect(result.outcome).toBe("not_modified");
    expect(publisher.requests.map((r) => r.headers["if-none-match"])).toEqual(['W/"final"', 'W/"final"', 'W/"final"']);
  });

  it("a small redirect body is drained, leaving the connection reusable", async () => {
    publisher.setRoute("/moved", redirect(301, "/feed"));
    const result = await get("/moved");
    expect(result.outcome).toBe("ok");
    expect(publisher.requestsTo("/moved")[0]?.completed).toBe(true);
  });

  it("a large redirect body is not read (the connection is closed instead) and the chain goes on", async () => {
    publisher.setRoute("/moved-big", status(302, { headers: { Location: "/feed" }, body: "x".repeat(1_000_000) }));
    const result = await get("/moved-big");
    expect(result.outcome).toBe("ok");
    expect(result.meta.bytesReceived).toBeLessThan(200_000);
  });

  it("a loop is redirect_loop, and no URL is requested twice", async () => {
    publisher.setRoute("/loop/a", redirect(301, "/loop/b"));
    publisher.setRoute("/loop/b", redirect(302, "/loop/a"));
    const result = await get("/loop/a");
    expect(result).toMatchObject({ outcome: "error", errorKind: "redirect_loop", meta: { httpStatus: 302 } });
    if (result.outcome === "error")
      expect(result.detail).toBe(`redirect loop: ${publisher.url("/loop/a")} visited twice`);
    expect(result.meta.permanentRedirectUrl).toBeNull();
    expect(publisher.requests.map((r) => r.path)).toEqual(["/loop/a", "/loop/b"]);
  });

  it("a URL redirecting to itself is a loop", async () => {
    publisher.setRoute("/self", redirect(301, "/self"));
    const result = await get("/self");
    expect(result).toMatchObject({ outcome: "error", errorKind: "redirect_loop" });
    expect(publisher.requests).toHaveLength(1);
  });

  it("5 hops are followed; 6 hops are redirect_loop (too many redirects)", async () => {
    routeChain("five", [301, 301, 301, 301, 301]);
    routeChain("six", [301, 301, 301, 301, 301, 301]);
    const five = await get("/five/1");
    expect(five.outcome).toBe("ok");
    expect(five.meta.redirects).toHaveLength(5);
    const six = await get("/six/1");
    expect(six).toMatchObject({
      outcome: "error",
      errorKind: "redirect_loop",
      detail: "too many redirects (more than 5)",
    });
    expect(six.meta.permanentRedirectUrl).toBeNull();
    expect(publisher.requestsTo("/feed")).toHaveLength(1); // only the 5-hop chain reached it
  });

  it("maxRedirects is configurable", async () => {
    routeChain("two", [301, 301]);
    const result = await get("/two/1", null, { maxRedirects: 1 });
    expect(result).toMatchObject({ outcome: "error", errorKind: "redirect_loop" });
  });

  it.each([
    ["file:///etc/passwd", "scheme file: is not allowed"],
    ["ftp://127.0.0.1/feed", "scheme ftp: is not allowed"],
    ["http://user:secret@127.0.0.1/feed", "credentials"],
  ])("a redirect to %s is blocked at the hop, before any request", async (location, fragment) => {
    publisher.setRoute("/to-bad", redirect(302, location));
    const result = await get("/to-bad");
    expect(result).toMatchObject({ outcome: "error", errorKind: "blocked", meta: { httpStatus: 302 } });
    if (result.outcome === "error") expect(result.detail).toContain(fragment);
    expect(publisher.requests).toHaveLength(1);
  });
});

describe("every hop is re-checked against the address guard", () => {
  // The only reachable host here is 127.0.0.1, which the real guard refuses. So the first URL is let
  // through by an injected policy (checked and dialled as allowPrivateNetworks=true), and every later
  // hop goes through the real strict guard and the strict (guarded) Agent.
  async function followFrom(path: string) {
    const start = publisher.url(path);
    const redirects: Redirect[] = [];
    const isStart = (href: string) => href === start;
    const chain = await followRedirects({
      href: start,
      maxRedirects: 5,
      redirects,
      checkUrl: (href) => checkUrl(href, { allowPrivateNetworks: isStart(href) }),
      send: (url) =>
        sendRequest(url, {
          agent: getAgent({ allowPrivateNetworks: isStart(url.href), connectTimeoutMs: 1_000 }),
          headers: { "User-Agent": userAgent },
          signal: AbortSignal.timeout(2_000),
          timeoutMs: 2_000,
        }),
      discard: (body) => discardBody(body, { bytes: 0 }),
    });
    return { chain, redirects };
  }

  it.each([
    "http://10.0.0.1/feed",
    "http://169.254.169.254/latest/meta-data/",
    "http://[::1]/feed",
    "http://2130706433/feed",
  ])("a redirect to %s is refused before dialling", async (target) => {
    publisher.setRoute("/to-private", redirect(301, target));
    const started = performance.now();
    const { chain, redirects } = await followFrom("/to-private");
    expect(chain).toMatchObject({ kind: "refused", errorKind: "blocked" });
    expect(redirects).toHaveLength(1);
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it("a redirect to a name that resolves to loopback is refused by the guarded lookup at dial time", async () => {
    publisher.setRoute("/to-localhost", redirect(301, `http://localhost:${publisher.port}/feed`));
    // The URL check lets names through; the strict Agent's lookup refuses what they resolve to.
    await expect(followFrom("/to-localhost")).rejects.toBeInstanceOf(BlockedAddressError);
    expect(publisher.requestsTo("/feed")).toHaveLength(0);
  });
});
