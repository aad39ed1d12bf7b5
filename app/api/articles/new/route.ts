// GET /api/articles/new?since=&source=&folder=&unread=&starred=&q= → { count, latestId }
// Polled by open pages to offer "N new articles" without moving the list.
import { getSessionUser } from "@/lib/features/auth/session-user";
import { countNewArticlesSince } from "@/lib/reads/articles/count-new-articles-since";
import { internalError, jsonResponse } from "@/lib/http/respond";
import { parseQuery } from "@/lib/http/parse-input";
import { newArticlesQuerySchema, toScope } from "@/lib/reads/articles/request-schemas";

export const dynamic = "force-dynamic";

export async function GET(request: Request): Promise<Response> {
  const query = parseQuery(request, newArticlesQuerySchema);
  if (!query.ok) return query.response;
  try {
    const { since, ...scope } = query.data;
    return jsonResponse(
      await countNewArticlesSince({ userId: (await getSessionUser()).id, scope: toScope(scope), sinceId: since }),
    );
  } catch (error) {
    return internalError(error, "GET /api/articles/new");
  }
}
