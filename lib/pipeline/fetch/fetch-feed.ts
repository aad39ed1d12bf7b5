// The fetch step: one HTTP exchange (redirects included) → one classified value. Expected failures
// are values; an exception out of here is a bug. No database, no clock beyond the duration.
import type { Dispatcher } from "undici";
import { checkUrl } from "./check-url";
import { classifyResponse } from "./classify-response";
import { classifyTransportError } from "./classify-transport-error";
import { abandonBody, discardBody } from "./discard-body";
import { withLoginHeader } from "./feed-login";
import { findPermanentTarget, followRedirects } from "./follow-redirects";
import { getAgent, sendRequest } from "./http-client";
import { NO_HEADERS, pickHeaders } from "./pick-headers";
import { readBody } from "./read-body";
import { buildRequestHeaders } from "./request-headers";
import { createTimeBudget } from "./time-budget";
import type { ErrorKind, FetchRequest, FetchResult, LaneTurn, Redirect, RequestLane, ResponseMeta } from "./types";

export { buildUserAgent } from "./build-user-agent";

export type FetchOptions = {
  /** Built by buildUserAgent. */
  userAgent: string;
  /** TIDINGS_FETCH_TIMEOUT_MS: total budget for connect + headers + body, all hops included. */
  timeoutMs: number;
  /** TIDINGS_MAX_BODY_BYTES: counted after decompression. */
  maxBodyBytes: number;
  /** TIDINGS_ALLOW_PRIVATE_NETWORKS: skip the SSRF guard (tests, LAN-only installs). */
  allowPrivateNetworks: boolean;
  maxRedirects?: number;
  /** The process's request lane (serial queue, per-domain gap, robots.txt); none in unit tests of this layer. */
  lane?: RequestLane;
  /** The Accept header, for a request that is not for a feed (an article's page). */
  accept?: string;
};

const DEFAULT_MAX_REDIRECTS = 5;
const MAX_DETAIL_LENGTH = 300;

export async function fetchFeed(request: FetchRequest, options: FetchOptions): Promise<FetchResult> {
  const budget = createTimeBudget(options.timeoutMs);
  const { signal } = budget;
  const { headers, conditional } = buildRequestHeaders({
    userAgent: options.userAgent,
    etag: request.etag,
    lastModified: request.lastModified,
    accept: options.accept,
  });
  // Half the budget for connecting leaves room for a slow handshake and a response after it.
  const connectTimeoutMs = Math.max(1, Math.ceil(options.timeoutMs / 2));
  const agent = getAgent({ allowPrivateNetworks: options.allowPrivateNetworks, connectTimeoutMs });
  const counter = { bytes: 0 };
  const redirects: Redirect[] = [];
  let phase: "headers" | "body" = "headers";
  let url: URL | null = null;
  let response: Dispatcher.ResponseData | null = null;
  // An object, not a `let`: the turn is taken in the send callback and released in `finally`.
  const held: { turn: Extract<LaneTurn, { go: true }> | null } = { turn: null };
  let laneWaitMs = 0;

  const describe = (permanentRedirectUrl: string | null = null): ResponseMeta => ({
    requestedUrl: request.url,
    finalUrl: url?.href ?? request.url,
    redirects,
    permanentRedirectUrl,
    httpStatus: response?.statusCode ?? null,
    conditional,
    bytesReceived: counter.bytes,
    // Time with the publisher: a wait for the lane's turn (the host gap, a robots.txt read) is not its cost.
    durationMs: Math.round(budget.elapsedMs()),
    laneWaitMs: Math.round(laneWaitMs),
    headers: response === null ? NO_HEADERS : pickHeaders(response.headers),
  });
  const fail = (
    errorKind: ErrorKind,
    detail: string,
    meta = describe(),
  ): Extract<FetchResult, { outcome: "error" }> => ({
    outcome: "error",
    errorKind,
    detail: detail.length > MAX_DETAIL_LENGTH ? `${detail.slice(0, MAX_DETAIL_LENGTH - 1)}…` : detail,
    meta,
  });

  try {
    const chain = await followRedirects({
      href: request.url,
      maxRedirects: options.maxRedirects ?? DEFAULT_MAX_REDIRECTS,
      redirects,
      checkUrl: (href) => checkUrl(href, options),
      discard: (body) => discardBody(body, counter),
      send: async (next) => {
        // Each hop is a request of its own: it waits its turn and its domain's gap like any other.
        await held.turn?.release();
        held.turn = null;
        budget.pause();
        const granted = options.lane ? await options.lane(next) : null;
        if (granted && !granted.go) return { refused: granted };
        held.turn = granted;
        laneWaitMs += granted?.waitedMs ?? 0;
        budget.run();
        phase = "headers";
        url = next;
        response = null;
        const hopHeaders = withLoginHeader(headers, request.login, next);
        response = await sendRequest(next, { agent, headers: hopHeaders, signal, timeoutMs: options.timeoutMs });
        phase = "body";
        return response;
      },
    });
    if (chain.kind === "refused") return fail(chain.errorKind, chain.detail);
    const final = chain.response;
    const received = pickHeaders(final.headers);
    const meta = () => describe(findPermanentTarget(redirects));
    const verdict = classifyResponse(final.statusCode, received, { conditional });
    if (verdict.outcome === "not_modified") {
      await discardBody(final.body, counter); // a 304 has no content (RFC 9110 §15.4.5): nothing is read
      return { outcome: "not_modified", meta: meta() };
    }
    if (verdict.outcome === "error") {
      abandonBody(final.body); // the status is the verdict; waiting for an error page could only delay it
      return fail(verdict.errorKind, verdict.detail, meta());
    }
    const read = await readBody(final.body, {
      contentEncoding: received.contentEncoding,
      contentLength: typeof final.headers["content-length"] === "string" ? final.headers["content-length"] : null,
      maxBodyBytes: options.maxBodyBytes,
      counter,
    });
    if (read.status === "complete") return { outcome: "ok", body: read.body, meta: meta() };
    // A coding we never offered cannot be read as a feed; corrupt compressed bytes are like truncated XML.
    const kind = { too_large: "too_large", unsupported_encoding: "not_a_feed", undecodable: "parse" } as const;
    const failed = fail(kind[read.status], read.detail, meta());
    return read.status === "too_large" ? { ...failed, refusedPrefix: read.prefix } : failed;
  } catch (error) {
    const failure = classifyTransportError(error, {
      phase,
      budgetExceeded: signal.aborted,
      timeoutMs: options.timeoutMs,
    });
    if (failure === null) throw error;
    return fail(failure.errorKind, failure.detail);
  } finally {
    budget.pause();
    await held.turn?.release();
  }
}
