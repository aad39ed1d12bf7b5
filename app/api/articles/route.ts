// GET /api/articles?cursor=&limit=&order=&source=&folder=&unread=&starred=&q= → { items, nextCursor, latestId }
import { getSessionUser } from "@/lib/features/auth/session-user";
import { listArticles } from "@/lib/reads/articles/list-articles";
import { internalError, jsonResponse } from "@/lib/http/respond";
import { parseQuery } from "@/lib/http/parse-input";
import { listQuerySchema, toScope } from "@/lib/reads/articles/request-schemas";

export const dynamic = "force-dynamic";

export async function GET(request: Request): Promise<Response> {
  const query = parseQuery(request, listQuerySchema);
  if (!query.ok) return query.response;
  try {
    const { cursor, limit, order, ...scope } = query.data;
    return jsonResponse(
      await listArticles({
        userId: (await getSessionUser()).id,
        scope: toScope(scope),
        cursor: cursor ?? null,
        order,
        limit,
      }),
    );
  } catch (error) {
    return internalError(error, "GET /api/articles");
  }
}
