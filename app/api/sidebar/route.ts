// GET /api/sidebar → { unread, starred, folders, sources }: counts from Source.unreadCount.
import { getSidebar } from "@/lib/reads/articles/get-sidebar";
import { internalError, jsonResponse } from "@/lib/http/respond";

export const dynamic = "force-dynamic";

export async function GET(): Promise<Response> {
  try {
    return jsonResponse(await getSidebar(new Date()));
  } catch (error) {
    return internalError(error, "GET /api/sidebar");
  }
}
