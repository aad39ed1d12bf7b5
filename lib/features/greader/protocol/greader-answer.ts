import "server-only";
// The Google Reader API's answers. Errors are short text/plain bodies with the status saying
// what went wrong, as FreshRSS's greader.php and Miniflux answer them (apps look at the status;
// a JSON envelope would be a shape no client expects). A refused action token adds
// X-Reader-Google-Bad-Token: true, Miniflux's signal that tells an app to fetch a new T and retry.
import { API_HEADERS } from "@/lib/http/respond";

export type GReaderErrorStatus = 400 | 401 | 404 | 405 | 413 | 429 | 500 | 501;

const TEXT = "text/plain; charset=utf-8";

export function answerText(text: string, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(text, { status, headers: { ...API_HEADERS, "Content-Type": TEXT, ...headers } });
}

export function answerJson(data: unknown): Response {
  return Response.json(data, { headers: API_HEADERS });
}

/** The protocol's "done" for writes: 200 and the body OK. */
export function answerOk(): Response {
  return answerText("OK");
}

export function answerError(
  status: GReaderErrorStatus,
  message: string,
  headers: Record<string, string> = {},
): Response {
  return answerText(`${message}\n`, status, headers);
}

export function answerBadToken(): Response {
  return answerError(401, "Unauthorized: missing or stale action token T; get a new one from reader/api/0/token.", {
    "X-Reader-Google-Bad-Token": "true",
  });
}

/**
 * Lists answer JSON only (`output=json`, also the default when `output` is absent); FreshRSS
 * answers anything else 501 Not Implemented, and so does Tidings.
 */
export function refuseOtherOutput(params: { get(name: string): string | null }): Response | null {
  const output = params.get("output");
  return output === null || output === "json"
    ? null
    : answerError(501, `Not Implemented: output=${output.slice(0, 20)}; this endpoint answers output=json.`);
}
