// The base URL for a document's relative links: the URL it was fetched from, or its
// Content-Location (RFC 9110 §8.7: the representation's own URL, resolved against the request's)
// when that stays on the same origin. A CDN or mirror answering for another site does not get
// to move every relative link of the feed there: the feed's own origin is what was subscribed.

export function pickDocumentUrl(url: string, contentLocation: string | null): string | null {
  if (!URL.canParse(url)) return null;
  const fetched = new URL(url);
  const location = contentLocation?.trim();
  if (!location || !URL.canParse(location, fetched)) return fetched.href;
  const declared = new URL(location, fetched);
  return declared.origin === fetched.origin ? declared.href : fetched.href;
}
