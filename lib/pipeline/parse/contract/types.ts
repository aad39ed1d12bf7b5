// The parse step's contract: bytes of one response in, a normalised feed (or a classified failure) out.
// No I/O, no clock: "missing date" is null here and becomes first-seen time in the store.

export type FeedKind = "rss" | "atom" | "json";

export type Enclosure = { url: string; type: string | null; length: number | null };

export type ParsedItem = {
  /** guid / Atom id / JSON Feed id, trimmed; null when absent or empty. */
  guid: string | null;
  /** Absolute http(s) link to the original, resolved against xml:base / the feed URL. */
  url: string | null;
  /** Plain text (entities decoded, tags stripped); never HTML. "" when the feed gives none. */
  title: string;
  author: string | null;
  /** Sanitized HTML (short form), or null. */
  summary: string | null;
  /** Sanitized HTML (content:encoded first, then content, then description), or null. */
  content: string | null;
  /** Valid date or null (missing, unparseable, absurd). */
  publishedAt: Date | null;
  enclosures: Enclosure[];
};

export type ParsedFeed = {
  kind: FeedKind;
  title: string | null;
  siteUrl: string | null;
  /** The feed's own icon or logo (Atom icon/logo, RSS image/url, JSON Feed favicon/icon), absolute. */
  iconUrl: string | null;
  /** Publisher's own polling floor from RSS <ttl> or sy:updatePeriod/sy:updateFrequency, in seconds. */
  ttlSeconds: number | null;
  items: ParsedItem[];
  /** The WebSub hubs and topic the document names; absent when it names no hub. */
  websub?: WebSubLinks;
};

/** W3C WebSub §4: where to subscribe (hubs) and to what (self, the topic URL). */
export type WebSubLinks = { hubs: string[]; self: string | null };

export type ParseInput = {
  body: Buffer;
  /** The Content-Type response header, raw (its charset parameter matters for decoding). */
  contentType: string | null;
  /** The URL the body came from: base for relative links. */
  url: string;
  /** The Content-Location response header, raw: the base instead of `url` when same-origin. */
  contentLocation?: string | null;
};

/** What decided the encoding, in the order they are consulted (see decode-body.ts). */
export type EncodingSource = "bom" | "pattern" | "utf8-valid" | "http" | "prolog" | "meta" | "detected" | "default";

/** How the body was read: shown on the fetch log so a person can see why text looks as it does. */
export type BodyReading = {
  /** WHATWG name of the encoding the text was decoded with ("utf-8", "koi8-r", "utf-32be"). */
  encoding: string;
  encodingSource: EncodingSource;
  /** "recovered from malformed XML: <first error>" when only the lenient parse could read it. */
  xmlRecovery: string | null;
};

export type ParseFailure = { ok: false; errorKind: "not_a_feed" | "parse"; detail: string };

export type ParseResult = { ok: true; feed: ParsedFeed; reading: BodyReading } | ParseFailure;
