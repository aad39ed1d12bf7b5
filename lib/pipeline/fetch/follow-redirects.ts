// Redirects are followed here, not by undici, so that every hop is re-checked by the URL guard,
// recorded, and counted (RFC 9110 §15.4: a client SHOULD detect and intervene in cyclical redirects).
import type { Readable } from "node:stream";
import type { Dispatcher } from "undici";
import type { UrlVerdict } from "./check-url";
import type { ErrorKind, Redirect } from "./types";

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

export type RedirectChain =
  | { kind: "response"; url: URL; response: Dispatcher.ResponseData; redirects: Redirect[] }
  | {
      kind: "refused";
      /** blocked / redirect_loop from the guard, or whatever the lane refused a hop with (robots.txt). */
      errorKind: ErrorKind;
      detail: string;
      /** The last URL that answered (null when the first URL was refused before any request). */
      url: URL | null;
      response: Dispatcher.ResponseData | null;
      redirects: Redirect[];
    };

export type FollowInput = {
  href: string;
  maxRedirects: number;
  /** Filled hop by hop, so that a failure in the middle of the chain still reports the hops so far. */
  redirects: Redirect[];
  /** The URL guard, applied to the first URL and to every Location before it is dialled. */
  checkUrl: (href: string) => UrlVerdict;
  /** Sends one request, after its turn in the lane; a turn refused sends nothing. */
  send: (url: URL) => Promise<Dispatcher.ResponseData | { refused: { errorKind: ErrorKind; detail: string } }>;
  discard: (body: Readable) => Promise<void>;
};

export async function followRedirects(input: FollowInput): Promise<RedirectChain> {
  const { redirects } = input;
  const first = input.checkUrl(input.href);
  if (!first.ok) return refuse("blocked", first.detail, null, null, redirects);
  let url = first.url;
  const seen = new Set([withoutFragment(url)]);
  // Bounded: every pass either returns or adds a hop, and hops are capped below.
  for (;;) {
    const response = await input.send(url);
    if ("refused" in response)
      return refuse(response.refused.errorKind, response.refused.detail, null, null, redirects);
    const location = response.headers.location;
    if (!REDIRECT_STATUSES.has(response.statusCode) || typeof location !== "string" || location === "") {
      return { kind: "response", url, response, redirects };
    }
    await input.discard(response.body);
    // Location may be relative; it resolves against the URL that sent it (§10.2.2).
    const target = resolveLocation(location, url);
    redirects.push({ status: response.statusCode, from: url.href, to: target ?? location });
    if (target === null)
      return refuse("blocked", `invalid Location header: ${location.slice(0, 100)}`, url, response, redirects);
    const verdict = input.checkUrl(target);
    if (!verdict.ok) return refuse("blocked", `redirect to a refused URL: ${verdict.detail}`, url, response, redirects);
    const key = withoutFragment(verdict.url);
    if (seen.has(key)) return refuse("redirect_loop", `redirect loop: ${key} visited twice`, url, response, redirects);
    if (redirects.length > input.maxRedirects) {
      return refuse("redirect_loop", `too many redirects (more than ${input.maxRedirects})`, url, response, redirects);
    }
    seen.add(key);
    url = verdict.url;
  }
}

/** The target only when every hop was permanent (301/308): the URL a policy may adopt. */
export function findPermanentTarget(redirects: readonly Redirect[]): string | null {
  const last = redirects.at(-1);
  if (last === undefined) return null;
  return redirects.every((hop) => hop.status === 301 || hop.status === 308) ? last.to : null;
}

function resolveLocation(location: string, base: URL): string | null {
  try {
    return new URL(location, base).href;
  } catch {
    return null;
  }
}

/** Fragments are never sent (§4.2.4 of RFC 3986 / §7.1 of RFC 9110), so they cannot make a URL "new". */
function withoutFragment(url: URL): string {
  return url.href.replace(/#.*$/, "");
}

function refuse(
  errorKind: ErrorKind,
  detail: string,
  url: URL | null,
  response: Dispatcher.ResponseData | null,
  redirects: Redirect[],
): RedirectChain {
  return { kind: "refused", errorKind, detail, url, response, redirects };
}
