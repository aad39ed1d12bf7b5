// GET /api/articles/:id → the article with its sanitized content
// PATCH /api/articles/:id { read?, starred? } → { id, read, starred }
import { getDb } from "@/lib/db/client";
import { getSessionUser } from "@/lib/features/auth/session-user";
import { getArticle } from "@/lib/reads/articles/get-article";
import { updateArticleState } from "@/lib/pipeline/store/reading/article-state";
import { errorResponse, internalError, jsonResponse } from "@/lib/http/respond";
import { parseJsonBody, parseParams } from "@/lib/http/parse-input";
import { rejectCrossSite } from "@/lib/http/reject-cross-site";
import { articleParamsSchema, articlePatchSchema } from "@/lib/reads/articles/request-schemas";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ id: string }> };

export async function GET(_request: Request, context: Context): Promise<Response> {
  const params = parseParams(await context.params, articleParamsSchema);
  if (!params.ok) return params.response;
  try {
    const article = await getArticle((await getSessionUser()).id, params.data.id);
    return article === null ? notFound() : jsonResponse(article);
  } catch (error) {
    return internalError(error, "GET /api/articles/:id");
  }
}

export async function PATCH(request: Request, context: Context): Promise<Response> {
  const refused = rejectCrossSite(request);
  if (refused) return refused;
  const params = parseParams(await context.params, articleParamsSchema);
  if (!params.ok) return params.response;
  const body = await parseJsonBody(request, articlePatchSchema);
  if (!body.ok) return body.response;
  try {
    const state = await updateArticleState(getDb(), {
      userId: (await getSessionUser()).id,
      id: params.data.id,
      ...body.data,
      now: new Date(),
    });
    return state === null ? notFound() : jsonResponse(state);
  } catch (error) {
    return internalError(error, "PATCH /api/articles/:id");
  }
}

function notFound(): Response {
  return errorResponse(404, "not_found", "There is no such article.");
}
