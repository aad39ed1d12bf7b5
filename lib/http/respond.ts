import "server-only";
import { createLogger } from "@/lib/base/log";
import { describeError } from "@/lib/base/describe-error";

// The API's one error envelope: { error: { code, message } }. Messages are for people; details of
// unexpected failures go to the log only.
export type ErrorCode =
  | "invalid_query"
  | "invalid_json"
  | "invalid_body"
  | "not_found"
  | "cross_site"
  | "too_large"
  | "database_unavailable"
  | "internal";

const log = createLogger("api");

/**
 * Every API answer: never cached, never sniffed into HTML, never framed or scripted. proxy.ts
 * sets the same security headers on every response; they are set here too so that the handlers
 * carry them wherever they run (the integration tests call them in-process).
 */
export const API_HEADERS = {
  "Cache-Control": "no-store",
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "no-referrer",
  "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'",
};

export function jsonResponse(data: unknown, status = 200): Response {
  return Response.json(data, { status, headers: API_HEADERS });
}

export function errorResponse(
  status: 400 | 403 | 404 | 413 | 422 | 500 | 503,
  code: ErrorCode,
  message: string,
): Response {
  return Response.json({ error: { code, message } }, { status, headers: API_HEADERS });
}

/** Anything unexpected: logged with its detail, answered with a generic 500. */
export function internalError(error: unknown, route: string): Response {
  log.error(`${route}: ${describeError(error, 1000)}`);
  return errorResponse(500, "internal", "Something went wrong on the server; the details are in its log.");
}
