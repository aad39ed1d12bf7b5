// POST /api/articles/mark-unread { ids } → { markedIds }: the undo of mark-read.
import { getDb } from "@/lib/db/client";
import { getSessionUser } from "@/lib/features/auth/session-user";
import { markUnread } from "@/lib/pipeline/store/reading/article-state";
import { internalError, jsonResponse } from "@/lib/http/respond";
import { parseJsonBody } from "@/lib/http/parse-input";
import { rejectCrossSite } from "@/lib/http/reject-cross-site";
import { markUnreadSchema } from "@/lib/reads/articles/request-schemas";

export const dynamic = "force-dynamic";

export async function POST(request: Request): Promise<Response> {
  const refused = rejectCrossSite(request);
  if (refused) return refused;
  const body = await parseJsonBody(request, markUnreadSchema);
  if (!body.ok) return body.response;
  try {
    return jsonResponse({
      markedIds: await markUnread(getDb(), { userId: (await getSessionUser()).id, ids: body.data.ids }),
    });
  } catch (error) {
    return internalError(error, "POST /api/articles/mark-unread");
  }
}
