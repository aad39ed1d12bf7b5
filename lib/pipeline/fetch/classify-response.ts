// Status code → outcome, for the final (non-redirect) response. Pure: the body is not involved.
import { STATUS_CODES } from "node:http";
import type { ErrorKind } from "./types";

export type StatusVerdict =
  { outcome: "ok" } | { outcome: "not_modified" } | { outcome: "error"; errorKind: ErrorKind; detail: string };

/** `conditional`: whether the request sent validators (If-None-Match / If-Modified-Since). */
export function classifyResponse(
  status: number,
  headers: { retryAfter: string | null },
  request: { conditional: boolean },
): StatusVerdict {
  // 203 is a 200 transformed by a proxy (RFC 9110 §15.3.4): still the representation we asked for.
  if (status === 200 || status === 203) return { outcome: "ok" };
  const retry = headers.retryAfter === null ? "" : ` (Retry-After: ${headers.retryAfter})`;
  const detail = `${describeStatus(status)}${retry}`;
  // Validators matched (§15.4.5): nothing new, and no content to read. A 304 is an answer to a
  // condition only (§13.1): to a request without one it says nothing, and a server that sends it
  // to everything would otherwise be counted as honouring validators while no feed ever arrives.
  if (status === 304)
    return request.conditional
      ? { outcome: "not_modified" }
      : fail("not_a_feed", `${detail} to a request without validators: no feed in the response`);
  // 204/205 carry no content (§15.3.5, §15.3.6), 206 only part of one; 201/202/207… are not a feed
  // document either. None is a failure of the network or of the server, just not a feed.
  if (status >= 200 && status < 300) return fail("not_a_feed", `${detail}: no complete feed in the response`);
  // Followed redirects never get here: only a 301/302/303/307/308 without Location, or a 300/305
  // (§15.4.1, §15.4.6: never followed automatically by us). A response with no feed in it.
  if (status >= 300 && status < 400) return fail("not_a_feed", `${detail}: redirect not followed (no Location)`);
  if (status === 404) return fail("not_found", detail);
  if (status === 410) return fail("gone", detail);
  // 429 always, 503 when the server says when to come back (§15.6.4, §10.2.3): the publisher asks
  // us to slow down; it is not broken.
  if (status === 429 || (status === 503 && headers.retryAfter !== null)) return fail("rate_limited", detail);
  if (status >= 400 && status < 500) return fail("http_4xx", detail);
  if (status >= 500 && status < 600) return fail("http_5xx", detail);
  // 1xx never reach us (undici consumes them); anything else is outside HTTP (§15).
  return fail("http_5xx", `${detail}: not a valid HTTP status`);
}

export function describeStatus(status: number): string {
  const reason = STATUS_CODES[status];
  return reason === undefined ? `HTTP ${status}` : `HTTP ${status} ${reason}`;
}

function fail(errorKind: ErrorKind, detail: string): StatusVerdict {
  return { outcome: "error", errorKind, detail };
}
