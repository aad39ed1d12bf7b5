// Who is asking: the TCP peer of the request, or, when that peer is a reverse proxy named in
// TIDINGS_TRUSTED_PROXIES, the address it says it forwarded for (and the scheme and host name it
// says the browser used). Route handlers and server actions only see headers, and Next fills
// X-Forwarded-For from the socket only when the client sent none: a forged
// "X-Forwarded-For: 1.2.3.4" reaches them untouched. So the address is worked out where the socket is still known, in Node's own "request
// started" diagnostics channel (which runs before Next sees the request), and handed on in one
// header that the hook always overwrites.
import { subscribe } from "node:diagnostics_channel";
import type { IncomingHttpHeaders, IncomingMessage } from "node:http";
import type { Socket } from "node:net";
import { isIP } from "node:net";
import { normaliseAddress, type NetworkList } from "@/lib/base/network-list";
import { remember } from "@/lib/base/remember";

export const CLIENT_ADDRESS_HEADER = "x-tidings-client-address";

/** What a request with no address gets: one shared key, so a client cannot escape a limit by hiding it. */
export const UNKNOWN_CLIENT = "unknown";

/**
 * Each trusted proxy appends the address it received from to X-Forwarded-For; walking from the right,
 * the first address not a trusted proxy's is the client. Anything a client wrote further left is
 * never reached while the proxies in front of it are honest.
 */
export function resolveClientAddress(peer: string, forwardedFor: string | undefined, trusted: NetworkList): string {
  let client = normaliseAddress(peer);
  const hops = (forwardedFor ?? "").split(",").map(normaliseAddress);
  while (trusted.has(client)) {
    const next = hops.pop();
    if (next === undefined || isIP(next) === 0) break; // the proxy named no (usable) client: it is the client
    client = next;
  }
  return client;
}

/**
 * X-Forwarded-Proto says whether the browser came over https (the login cookie's Secure flag, the
 * instance's address on /settings), X-Forwarded-Host which name it asked for (that address again,
 * and the host a state-changing request's Origin may name). Both are believed on the same terms as
 * X-Forwarded-For: from a trusted proxy, else removed, and Next then fills them in from the
 * connection and its Host.
 */
const PROXY_ONLY_HEADERS = ["x-forwarded-proto", "x-forwarded-host"] as const;

function dropUntrustedForwarding(headers: IncomingHttpHeaders, peer: string, trusted: NetworkList): void {
  if (trusted.has(normaliseAddress(peer))) return;
  for (const name of PROXY_ONLY_HEADERS) delete headers[name];
}

type RequestStart = { request: IncomingMessage; socket: Socket };

/** Installs the hook once per process (register() may run twice in development). */
export function installClientAddressHook(trusted: NetworkList): void {
  remember("client-address-hook", () =>
    subscribe("http.server.request.start", (message) => {
      const { request, socket } = message as RequestStart;
      const forwardedFor = request.headers["x-forwarded-for"];
      const peer = socket.remoteAddress ?? UNKNOWN_CLIENT;
      dropUntrustedForwarding(request.headers, peer, trusted);
      request.headers[CLIENT_ADDRESS_HEADER] = resolveClientAddress(
        peer,
        Array.isArray(forwardedFor) ? forwardedFor.join(",") : forwardedFor,
        trusted,
      );
    }),
  );
}

/** The address the hook worked out (see above); without the hook (never in a running server), one shared key. */
export function clientAddressOf(headers: Headers): string {
  return headers.get(CLIENT_ADDRESS_HEADER)?.trim() || UNKNOWN_CLIENT;
}
