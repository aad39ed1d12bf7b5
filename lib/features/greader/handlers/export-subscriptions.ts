import "server-only";
// reader/api/0/subscription/export: the same OPML 2.0 as `tidings export` (lib/reads/sources/export-opml.ts).
import { API_HEADERS } from "@/lib/http/respond";
import { exportOpml } from "@/lib/reads/sources/export-opml";
import { readerIdOf, type GReaderCall } from "@/lib/features/greader/protocol/types";

export async function exportSubscriptions(call: GReaderCall): Promise<Response> {
  return new Response(await exportOpml(call.db, readerIdOf(call), call.now), {
    headers: {
      ...API_HEADERS,
      "Content-Type": "application/xml; charset=utf-8",
      "Content-Disposition": 'attachment; filename="tidings-subscriptions.opml"',
    },
  });
}
