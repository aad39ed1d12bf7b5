// Exception from the HTTP client → stable error kind. Only transport failures are classified; an
// error that is not one (a TypeError, an invalid argument) is a bug and the caller rethrows it.
import { BlockedAddressError } from "./address-guard";
import type { ErrorKind } from "./types";

export type TransportFailure = { errorKind: ErrorKind; detail: string };

export type TransportContext = {
  /** Whether response headers had arrived: a reset before them is "connect", after them "network". */
  phase: "headers" | "body";
  /** Our own AbortSignal fired: whatever undici threw, the cause is the total time budget. */
  budgetExceeded: boolean;
  timeoutMs: number;
};

const DNS_CODES = new Set(["ENOTFOUND", "EAI_AGAIN", "EAI_FAIL", "EAI_NODATA", "EAI_NONAME", "ENODATA"]);
const CONNECT_CODES = new Set([
  "ECONNREFUSED",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EHOSTDOWN",
  "ENETDOWN",
  "EADDRNOTAVAIL",
]);
const RESET_CODES = new Set(["ECONNRESET", "EPIPE", "UND_ERR_SOCKET", "ECONNABORTED"]);
const TIMEOUT_CODES: Record<string, string> = {
  UND_ERR_CONNECT_TIMEOUT: "connect timeout",
  UND_ERR_HEADERS_TIMEOUT: "no response headers in time",
  UND_ERR_BODY_TIMEOUT: "body stalled",
  ETIMEDOUT: "connection timed out",
};
const BUG_CODES = new Set(["UND_ERR_INVALID_ARG", "UND_ERR_INVALID_RETURN_VALUE"]);

export function classifyTransportError(error: unknown, context: TransportContext): TransportFailure | null {
  if (context.budgetExceeded) {
    return { errorKind: "timeout", detail: `no complete response within ${context.timeoutMs} ms (total budget)` };
  }
  const cause = findCodedError(error);
  if (cause instanceof BlockedAddressError) return { errorKind: "blocked", detail: cause.message };
  if (cause === null || BUG_CODES.has(cause.code) || cause.code.startsWith("ERR_INVALID_")) return null;
  const { code } = cause;
  const message = shortenMessage(cause.message);
  const timeout = TIMEOUT_CODES[code];
  if (timeout !== undefined) return { errorKind: "timeout", detail: `${timeout}: ${message}` };
  if (DNS_CODES.has(code)) return { errorKind: "dns", detail: message };
  if (CONNECT_CODES.has(code)) return { errorKind: "connect", detail: message };
  if (RESET_CODES.has(code)) {
    const where = context.phase === "headers" ? "before the response" : "during the body";
    return {
      errorKind: context.phase === "headers" ? "connect" : "network",
      detail: `connection closed ${where}: ${message}`,
    };
  }
  if (isTlsCode(code)) return { errorKind: "tls", detail: `TLS: ${message}` };
  return { errorKind: "network", detail: `${code}: ${message}` };
}

/** Node's happy-eyeballs connect throws an AggregateError; undici sometimes nests a cause. */
function findCodedError(error: unknown, depth = 0): (Error & { code: string }) | null {
  if (!(error instanceof Error) || depth > 3) return null;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string") return error as Error & { code: string };
  const nested = error instanceof AggregateError ? error.errors[0] : error.cause;
  return findCodedError(nested, depth + 1);
}

function isTlsCode(code: string): boolean {
  return (
    code.startsWith("ERR_SSL_") ||
    code.startsWith("ERR_TLS_") ||
    code.includes("CERT") ||
    code === "EPROTO" ||
    code === "UNABLE_TO_VERIFY_LEAF_SIGNATURE" ||
    code === "SELF_SIGNED_CERT_IN_CHAIN"
  );
}

/** OpenSSL messages carry a library path ("…:SSL routines:ssl3_get_record:wrong version number:../deps/…"). */
function shortenMessage(message: string): string {
  const openssl = /error:[0-9A-F]+:[^:]*:[^:]*:([^:]+)/.exec(message);
  return (openssl?.[1] ?? message).trim();
}
