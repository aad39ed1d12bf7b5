// POST /api/articles/:id/full-text → the article, after its page was fetched and read now
// ("Fetch the full article"). A page that cannot be read is not an error of this call: the
// article comes back with fullText.state "failed" and the reason, and keeps its feed content.
import { getDb } from "@/lib/db/client";
import { getSessionUser } from "@/lib/features/auth/session-user";
import { getEnv } from "@/lib/base/env";
import { getArticle } from "@/lib/reads/articles/get-article";
import { articleParamsSchema } from "@/lib/reads/articles/request-schemas";
import { errorResponse, internalError, jsonResponse } from "@/lib/http/respond";
import { parseParams } from "@/lib/http/parse-input";
import { rejectCrossSite } from "@/lib/http/reject-cross-site";
import { fetchFullTextNow } from "@/lib/pipeline/round/fetch-full-text-now";
import { roundSettingsFromEnv } from "@/lib/pipeline/round/round-settings";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ id: string }> };

export async function POST(request: Request, context: Context): Promise<Response> {
  const refused = rejectCrossSite(request);
  if (refused) return refused;
  const params = parseParams(await context.params, articleParamsSchema);
  if (!params.ok) return params.response;
  try {
    const user = await getSessionUser();
    // Only an article of the reader's own subscriptions is fetched: another's is not theirs to ask for.
    const followed = await getArticle(user.id, params.data.id);
    const report =
      followed === null ? null : await fetchFullTextNow(getDb(), roundSettingsFromEnv(getEnv()), params.data.id);
    const article = report === null ? null : await getArticle(user.id, params.data.id);
    return article === null ? errorResponse(404, "not_found", "There is no such article.") : jsonResponse(article);
  } catch (error) {
    return internalError(error, "POST /api/articles/:id/full-text");
  }
}
