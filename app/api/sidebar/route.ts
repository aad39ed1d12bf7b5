// GET /api/sidebar → { unread, starred, folders, sources }: the reader's, counts from their Subscription.unreadCount.
import { getSessionUser } from "@/lib/features/auth/session-user";
import { getSidebar } from "@/lib/reads/articles/get-sidebar";
import { internalError, jsonResponse } from "@/lib/http/respond";

export const dynamic = "force-dynamic";

export async function GET(): Promise<Response> {
  try {
    return jsonResponse(await getSidebar((await getSessionUser()).id, new Date()));
  } catch (error) {
    return internalError(error, "GET /api/sidebar");
  }
}
