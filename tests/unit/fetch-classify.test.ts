import { errors } from "undici";
import { describe, expect, it } from "vitest";
import { BlockedAddressError } from "@/lib/pipeline/fetch/address-guard";
import { classifyResponse, describeStatus } from "@/lib/pipeline/fetch/classify-response";
import { classifyTransportError, type TransportContext } from "@/lib/pipeline/fetch/classify-transport-error";
import { findPermanentTarget } from "@/lib/pipeline/fetch/follow-redirects";

describe("classifyResponse: status → outcome", () => {
  it.each([
    [200, null, { outcome: "ok" }],
    [203, null, { outcome: "ok" }],
    [304, null, { outcome: "not_modified" }],
    [404, null, { outcome: "error", errorKind: "not_found", detail: "HTTP 404 Not Found" }],
    [410, null, { outcome: "error", errorKind: "gone", detail: "HTTP 410 Gone" }],
    [429, null, { outcome: "error", errorKind: "rate_limited", detail: "HTTP 429 Too Many Requests" }],
    [
      429,
      "60",
      { outcome: "error", errorKind: "rate_limited", detail: "HTTP 429 Too Many Requests (Retry-After: 60)" },
    ],
    [
      503,
      "60",
      { outcome: "error", errorKind: "rate_limited", detail: "HTTP 503 Service Unavailable (Retry-After: 60)" },
    ],
    [503, null, { outcome: "error", errorKind: "http_5xx", detail: "HTTP 503 Service Unavailable" }],
    [500, null, { outcome: "error", errorKind: "http_5xx", detail: "HTTP 500 Internal Server Error" }],
    [
      500,
      "60",
      { outcome: "error", errorKind: "http_5xx", detail: "HTTP 500 Internal Server Error (Retry-After: 60)" },
    ],
    [599, null, { outcome: "error", errorKind: "http_5xx", detail: "HTTP 599" }],
    [400, null, { outcome: "error", errorKind: "http_4xx", detail: "HTTP 400 Bad Request" }],
    [401, null, { outcome: "error", errorKind: "http_4xx", detail: "HTTP 401 Unauthorized" }],
    [403, null, { outcome: "error", errorKind: "http_4xx", detail: "HTTP 403 Forbidden" }],
    [406, null, { outcome: "error", errorKind: "http_4xx", detail: "HTTP 406 Not Acceptable" }],
    [
      204,
      null,
      { outcome: "error", errorKind: "not_a_feed", detail: "HTTP 204 No Content: no complete feed in the response" },
    ],
    [
      205,
      null,
      { outcome: "error", errorKind: "not_a_feed", detail: "HTTP 205 Reset Content: no complete feed in the response" },
    ],
    [
      206,
      null,
      {
        outcome: "error",
        errorKind: "not_a_feed",
        detail: "HTTP 206 Partial Content: no complete feed in the response",
      },
    ],
    [
      201,
      null,
      { outcome: "error", errorKind: "not_a_feed", detail: "HTTP 201 Created: no complete feed in the response" },
    ],
    [
      300,
      null,
      {
        outcome: "error",
        errorKind: "not_a_feed",
        detail: "HTTP 300 Multiple Choices: redirect not followed (no Location)",
      },
    ],
    [
      301,
      null,
      {
        outcome: "error",
        errorKind: "not_a_feed",
        detail: "HTTP 301 Moved Permanently: redirect not followed (no Location)",
      },
    ],
    [999, null, { outcome: "error", errorKind: "http_5xx", detail: "HTTP 999: not a valid HTTP status" }],
  ] as const)("%i (Retry-After %s) → %j", (status, retryAfter, expected) => {
    expect(classifyResponse(status, { retryAfter }, { conditional: true })).toEqual(expected);
  });

  it("reads a 304 to a request without validators as no feed, never as not modified", () => {
    expect(classifyResponse(304, { retryAfter: null }, { conditional: false })).toEqual({
      outcome: "error",
      errorKind: "not_a_feed",
      detail: "HTTP 304 Not Modified to a request without validators: no feed in the response",
    });
  });

  it("describes statuses with their RFC 9110 reason phrase", () => {
    expect(describeStatus(418)).toBe("HTTP 418 I'm a Teapot");
  });
});

describe("classifyTransportError: exception → kind", () => {
  const headers: TransportContext = { phase: "headers", budgetExceeded: false, timeoutMs: 20_000 };
  const body: TransportContext = { ...headers, phase: "body" };
  const coded = (code: string, message = `${code} happened`) => Object.assign(new Error(message), { code });

  it.each([
    [
      "ENOTFOUND",
      coded("ENOTFOUND", "getaddrinfo ENOTFOUND feeds.example.org"),
      headers,
      "dns",
      "getaddrinfo ENOTFOUND feeds.example.org",
    ],
    [
      "EAI_AGAIN",
      coded("EAI_AGAIN", "getaddrinfo EAI_AGAIN feeds.example.org"),
      headers,
      "dns",
      "getaddrinfo EAI_AGAIN feeds.example.org",
    ],
    [
      "ECONNREFUSED",
      coded("ECONNREFUSED", "connect ECONNREFUSED 127.0.0.1:9"),
      headers,
      "connect",
      "connect ECONNREFUSED 127.0.0.1:9",
    ],
    [
      "EHOSTUNREACH",
      coded("EHOSTUNREACH", "connect EHOSTUNREACH 192.0.2.1:80"),
      headers,
      "connect",
      "connect EHOSTUNREACH 192.0.2.1:80",
    ],
    [
      "ENETUNREACH",
      coded("ENETUNREACH", "connect ENETUNREACH 2001:db8::1:80"),
      headers,
      "connect",
      "connect ENETUNREACH 2001:db8::1:80",
    ],
    [
      "ECONNRESET before headers",
      coded("ECONNRESET", "read ECONNRESET"),
      headers,
      "connect",
      "connection closed before the response: read ECONNRESET",
    ],
    [
      "ECONNRESET mid-body",
      coded("ECONNRESET", "read ECONNRESET"),
      body,
      "network",
      "connection closed during the body: read ECONNRESET",
    ],
    [
      "undici SocketError before headers",
      new errors.SocketError("other side closed"),
      headers,
      "connect",
      "connection closed before the response: other side closed",
    ],
    [
      "undici SocketError mid-body",
      new errors.SocketError("other side closed"),
      body,
      "network",
      "connection closed during the body: other side closed",
    ],
    [
      "ConnectTimeoutError",
      new errors.ConnectTimeoutError(),
      headers,
      "timeout",
      "connect timeout: Connect Timeout Error",
    ],
    [
      "HeadersTimeoutError",
      new errors.HeadersTimeoutError(),
      headers,
      "timeout",
      "no response headers in time: Headers Timeout Error",
    ],
    ["BodyTimeoutError", new errors.BodyTimeoutError(), body, "timeout", "body stalled: Body Timeout Error"],
    [
      "expired certificate",
      coded("CERT_HAS_EXPIRED", "certificate has expired"),
      headers,
      "tls",
      "TLS: certificate has expired",
    ],
    [
      "self-signed certificate",
      coded("DEPTH_ZERO_SELF_SIGNED_CERT", "self-signed certificate"),
      headers,
      "tls",
      "TLS: self-signed certificate",
    ],
    [
      "wrong host name",
      coded("ERR_TLS_CERT_ALTNAME_INVALID", "Hostname/IP does not match certificate's altnames"),
      headers,
      "tls",
      "TLS: Hostname/IP does not match certificate's altnames",
    ],
    [
      "OpenSSL handshake",
      coded(
        "ERR_SSL_WRONG_VERSION_NUMBER",
        "80AC21AE6D7F0000:error:0A00010B:SSL routines:ssl3_get_record:wrong version number:../deps/openssl/openssl/ssl/record/ssl3_record.c:350:\n",
      ),
      headers,
      "tls",
      "TLS: wrong version number",
    ],
    [
      "content length mismatch",
      new errors.ResponseContentLengthMismatchError(),
      body,
      "network",
      "UND_ERR_RES_CONTENT_LENGTH_MISMATCH: Response body length does not match content-length header",
    ],
    [
      "blocked address",
      new BlockedAddressError("intranet.example", "10.0.0.1", "private"),
      headers,
      "blocked",
      "intranet.example resolves to 10.0.0.1, not a public address (private)",
    ],
  ])("%s → %s", (_name, error, context, errorKind, detail) => {
    expect(classifyTransportError(error, context)).toEqual({ errorKind, detail });
  });

  it("happy-eyeballs AggregateError: the first coded error decides", () => {
    const error = new AggregateError([coded("ECONNREFUSED", "connect ECONNREFUSED ::1:80"), coded("ECONNREFUSED")], "");
    expect(classifyTransportError(error, headers)).toEqual({
      errorKind: "connect",
      detail: "connect ECONNREFUSED ::1:80",
    });
  });

  it("our own budget firing is a timeout whatever undici threw", () => {
    const aborted = new DOMException("The operation was aborted due to timeout", "TimeoutError");
    expect(classifyTransportError(aborted, { ...body, budgetExceeded: true, timeoutMs: 500 })).toEqual({
      errorKind: "timeout",
      detail: "no complete response within 500 ms (total budget)",
    });
  });

  it.each([
    ["a TypeError", new TypeError("cannot read properties of undefined")],
    ["an invalid argument to undici", new errors.InvalidArgumentError("invalid header")],
    ["a Node argument error", coded("ERR_INVALID_ARG_TYPE")],
    ["a string", "boom"],
  ])("%s is not a transport failure: the caller rethrows it as a bug", (_name, error) => {
    expect(classifyTransportError(error, headers)).toBeNull();
  });
});

describe("findPermanentTarget", () => {
  const hop = (status: number, to: string) => ({ status, from: "https://a.example/", to });
  it.each([
    [[], null],
    [[hop(301, "https://b.example/")], "https://b.example/"],
    [[hop(308, "https://b.example/")], "https://b.example/"],
    [[hop(301, "https://b.example/"), hop(308, "https://c.example/")], "https://c.example/"],
    [[hop(301, "https://b.example/"), hop(302, "https://c.example/")], null],
    [[hop(307, "https://b.example/"), hop(301, "https://c.example/")], null],
    [[hop(303, "https://b.example/")], null],
  ])("%j → %s", (redirects, expected) => {
    expect(findPermanentTarget(redirects)).toBe(expected);
  });
});
