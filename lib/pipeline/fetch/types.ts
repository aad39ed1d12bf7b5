// The fetch step's contract: one HTTP exchange in, one classified value out.
import type { FeedLogin } from "./feed-login";
// Expected failures are values (outcome "error" with a kind), never exceptions.

/** Every way a fetch can fail, as stable keys stored in Fetch.errorKind and shown on health pages. */
export const ERROR_KINDS = [
  "timeout", // connect, headers or total time budget exceeded
  "dns", // name did not resolve
  "connect", // refused / unreachable / reset before a response
  "tls", // certificate or handshake failure
  "network", // any other transport failure (socket closed mid-body, ...)
  "http_4xx", // a 4xx other than those below
  "not_found", // 404: not terminal, feeds come back
  "rate_limited", // 429, or 503 with Retry-After: never counts toward the breaker
  "http_5xx", // 5xx
  "gone", // 410: the policy disables the source
  "too_large", // body over TIDINGS_MAX_BODY_BYTES after decompression (gzip bombs stop early)
  "redirect_loop", // a redirect chain that revisits a URL or exceeds the hop limit
  "blocked", // the URL or an address it resolves to is not allowed (scheme, private network)
  "not_a_feed", // a body that is not RSS, Atom or JSON Feed (an HTML page, ...)
  "parse", // a feed that cannot be parsed (truncated XML, entity bomb, ...)
  "database", // the store failed to save the result
] as const;
export type ErrorKind = (typeof ERROR_KINDS)[number];

/** Transport-level kinds: when most of a round fails this way, the machine is probably offline. */
export const NETWORK_ERROR_KINDS: ReadonlySet<ErrorKind> = new Set(["timeout", "dns", "connect", "tls", "network"]);

export type FetchRequest = {
  url: string;
  /** HTTP Basic login of a feed behind authentication, sent only to its origin (feed-login.ts). */
  login?: FeedLogin | null;
  /** Stored validators, sent back byte for byte as received. */
  etag: string | null;
  lastModified: string | null;
};

export type Redirect = { status: number; from: string; to: string };

/** What the response told us, whatever the outcome. */
export type ResponseMeta = {
  /** The URL requested first (before any redirect). */
  requestedUrl: string;
  /** The URL that produced the final response. */
  finalUrl: string;
  /** Every hop followed, in order. */
  redirects: Redirect[];
  /**
   * The target of the chain when every hop was permanent (301/308): the URL the policy may adopt.
   * Null when there was no redirect or any hop was temporary (302/303/307).
   */
  permanentRedirectUrl: string | null;
  httpStatus: number | null;
  /** Whether If-None-Match or If-Modified-Since were sent. */
  conditional: boolean;
  /** Bytes read from the socket for the body (compressed size when the body was compressed). */
  bytesReceived: number;
  durationMs: number;
  /** Time spent waiting for the lane's turns (every hop), which durationMs leaves out. */
  laneWaitMs: number;
  /** Selected response headers, raw strings exactly as received (null when absent). */
  headers: {
    etag: string | null;
    lastModified: string | null;
    cacheControl: string | null;
    expires: string | null;
    retryAfter: string | null;
    contentType: string | null;
    contentEncoding: string | null;
    date: string | null;
    /** RFC 9110 §8.7: where this representation lives; a feed's base URL for relative links. */
    contentLocation: string | null;
    /** RFC 8288 Link, every field line joined: WebSub names its hub and topic here first (W3C WebSub §4). */
    link: string | null;
  };
};

export type FetchResult =
  | { outcome: "ok"; body: Buffer; meta: ResponseMeta }
  | { outcome: "not_modified"; meta: ResponseMeta }
  /** `refusedPrefix`: for too_large, the part of the body read before the cap (see read-body.ts). */
  | { outcome: "error"; errorKind: ErrorKind; detail: string; meta: ResponseMeta; refusedPrefix?: Buffer | null };

/**
 * The lane a request waits in before it is sent (every hop of a redirect chain too). Passed down by
 * the caller, so the fetch layer never imports the round: it asks for a turn, sends, reads, and
 * gives the turn back. A refused turn (robots.txt) sends nothing and becomes an error outcome.
 */
export type LaneTurn =
  | {
      go: true;
      /** Gives the turn back (a turn shared across processes is given back in the database: awaited). */
      release(): void | Promise<void>;
      /** How long the turn took to come, on the lane's clock. */
      waitedMs: number;
    }
  | { go: false; errorKind: ErrorKind; detail: string };
export type RequestLane = (url: URL) => Promise<LaneTurn>;
