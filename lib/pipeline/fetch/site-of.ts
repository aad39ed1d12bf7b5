// The one home of "which site is this source's": the origin of the site it names (the feed's
// link), else of its feed. Its icon (SiteIcon) is that site's, shared by every source on it.
export function siteOf(source: { siteUrl: string | null; feedUrl: string }): string {
  for (const candidate of [source.siteUrl, source.feedUrl]) {
    if (!candidate) continue;
    try {
      const url = new URL(candidate);
      if (url.protocol === "http:" || url.protocol === "https:") return url.origin;
    } catch {
      // not a URL: the next candidate
    }
  }
  return source.feedUrl;
}
