// Download of the reader's sources as OPML 2.0 (the sources page's "Export OPML").
import { getDb } from "@/lib/db/client";
import { getSessionUser } from "@/lib/features/auth/session-user";
import { exportOpml } from "@/lib/reads/sources/export-opml";

export const dynamic = "force-dynamic";

export async function GET(): Promise<Response> {
  const now = new Date();
  const opml = await exportOpml(getDb(), (await getSessionUser()).id, now);
  return new Response(opml, {
    headers: {
      "Content-Type": "text/x-opml; charset=utf-8",
      "Content-Disposition": `attachment; filename="tidings-${now.toISOString().slice(0, 10)}.opml"`,
      "Cache-Control": "no-store",
    },
  });
}
