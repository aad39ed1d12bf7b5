import "server-only";
import type { z } from "zod";
import { errorResponse } from "@/lib/http/respond";

/** Generous for the largest legitimate body (an undo list of 10,000 ids is about 110 kB). */
export const MAX_BODY_BYTES = 512 * 1024;

export type Parsed<T> = { ok: true; data: T } | { ok: false; response: Response };

/** Query parameters (the last value of a repeated name wins); problems are 400 invalid_query. */
export function parseQuery<S extends z.ZodType>(request: Request, schema: S): Parsed<z.infer<S>> {
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const result = schema.safeParse(params);
  if (result.success) return { ok: true, data: result.data };
  return { ok: false, response: errorResponse(400, "invalid_query", describeIssues(result.error)) };
}

/** A JSON body: unreadable JSON is 400 invalid_json, a body that breaks the schema 422 invalid_body, a huge one 413. */
export async function parseJsonBody<S extends z.ZodType>(request: Request, schema: S): Promise<Parsed<z.infer<S>>> {
  const tooLarge = () => ({
    ok: false as const,
    response: errorResponse(413, "too_large", `The request body exceeds ${MAX_BODY_BYTES} bytes.`),
  });
  if (Number(request.headers.get("content-length") ?? 0) > MAX_BODY_BYTES) return tooLarge();
  let body: unknown;
  try {
    const text = await request.text();
    if (Buffer.byteLength(text) > MAX_BODY_BYTES) return tooLarge();
    body = JSON.parse(text);
  } catch {
    return { ok: false, response: errorResponse(400, "invalid_json", "The request body is not valid JSON.") };
  }
  const result = schema.safeParse(body);
  if (result.success) return { ok: true, data: result.data };
  return { ok: false, response: errorResponse(422, "invalid_body", describeIssues(result.error)) };
}

/** Route parameters such as [id]; problems are 400 invalid_query. */
export function parseParams<S extends z.ZodType>(params: unknown, schema: S): Parsed<z.infer<S>> {
  const result = schema.safeParse(params);
  if (result.success) return { ok: true, data: result.data };
  return { ok: false, response: errorResponse(400, "invalid_query", describeIssues(result.error)) };
}

function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => (issue.path.length > 0 ? `${issue.path.join(".")}: ${issue.message}` : issue.message))
    .join("; ");
}
