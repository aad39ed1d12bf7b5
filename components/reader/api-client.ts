// The browser's side of the JSON API: one fetch helper that turns the error envelope into an
// ApiError whose message can be shown as is.
import type { ArticleScope } from "@/lib/base/article-scope";

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export async function fetchJson<T>(
  url: string,
  init?: { method: string; body: unknown },
  signal?: AbortSignal,
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, {
      signal,
      method: init?.method ?? "GET",
      headers: init ? { "Content-Type": "application/json" } : undefined,
      body: init ? JSON.stringify(init.body) : undefined,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, "network", "The server could not be reached.");
  }
  if (response.ok) return (await response.json()) as T;
  const envelope = (await response.json().catch(() => null)) as { error?: { code?: string; message?: string } } | null;
  throw new ApiError(
    response.status,
    envelope?.error?.code ?? "http",
    envelope?.error?.message ?? `The server answered ${response.status}.`,
  );
}

/** A scope as the API's query parameters (the same names the JSON bodies use). */
export function scopeToParams(scope: ArticleScope): URLSearchParams {
  const params = new URLSearchParams();
  if (scope.sourceId !== null) params.set("source", String(scope.sourceId));
  if (scope.folderId !== null) params.set("folder", String(scope.folderId));
  if (scope.unread) params.set("unread", "true");
  if (scope.starred) params.set("starred", "true");
  if (scope.q !== null) params.set("q", scope.q);
  return params;
}

export function scopeToBody(scope: ArticleScope): Record<string, unknown> {
  return {
    ...(scope.sourceId !== null ? { source: scope.sourceId } : {}),
    ...(scope.folderId !== null ? { folder: scope.folderId } : {}),
    ...(scope.unread ? { unread: true } : {}),
    ...(scope.starred ? { starred: true } : {}),
    ...(scope.q !== null ? { q: scope.q } : {}),
  };
}
