// POST /api/articles/mark-read { source?, folder?, unread?, starred?, q?, olderThan?, maxId? } → { markedIds }
import { getDb } from "@/lib/db/client";
import { getSessionUser } from "@/lib/features/auth/session-user";
import { markRead } from "@/lib/pipeline/store/reading/article-state";
import { internalError, jsonResponse } from "@/lib/http/respond";
import { parseJsonBody } from "@/lib/http/parse-input";
import { rejectCrossSite } from "@/lib/http/reject-cross-site";
import { markReadSchema, toScope } from "@/lib/reads/articles/request-schemas";

export const dynamic = "force-dynamic";

export async function POST(request: Request): Promise<Response> {
  const refused = rejectCrossSite(request);
  if (refused) return refused;
  const body = await parseJsonBody(request, markReadSchema);
  if (!body.ok) return body.response;
  try {
    const { olderThan, maxId, ...scope } = body.data;
    const markedIds = await markRead(getDb(), {
      userId: (await getSessionUser()).id,
      scope: toScope(scope),
      olderThan: olderThan ?? null,
      maxId: maxId ?? null,
      now: new Date(),
    });
    return jsonResponse({ markedIds });
  } catch (error) {
    return internalError(error, "POST /api/articles/mark-read");
  }
}
