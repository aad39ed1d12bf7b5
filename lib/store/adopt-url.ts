// A permanent redirect may point at a feed the user already follows under its new URL:
// adopting it would break the unique feed URL, so the source keeps its URL and says why.
import type { Db } from "@/lib/db/prisma-client";
import type { Decision } from "@/lib/policy/types";
import { placeholders, type ReadRows } from "@/lib/db/raw-statements";
import type { SourceRow } from "@/lib/store/source-row";

export async function resolveAdoptedUrl(db: Db, read: ReadRows, source: SourceRow, decision: Decision): Promise<Decision> {
  const target = decision.next.feedUrl;
  if (target === source.feedUrl) return decision;
  const [holder] = await read<{ id: number }>({ text: `SELECT "id" FROM "Source" WHERE "feedUrl" = ${placeholders(db)(1)}`, values: [target] });
  if (!holder) return decision;
  return {
    ...decision,
    next: { ...decision.next, feedUrl: source.feedUrl, pendingRedirectUrl: null, pendingRedirectCount: 0 },
    events: [
      ...decision.events.filter((event) => event.kind !== "url_changed"),
      { kind: "url_changed", detail: `Moved permanently to ${target}, which is already subscribed as source #${holder.id}; URL kept` },
    ],
  };
}
