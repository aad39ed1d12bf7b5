import "server-only";
// reader/api/0/subscription/list: every source, in FreshRSS's and Miniflux's shape. Tidings keeps
// no favicons, so iconUrl is empty (apps fall back to their own); firstitemmsec is left out, as
// Miniflux leaves it (no app this was written against needs it).
import { answerJson, refuseOtherOutput } from "@/lib/greader/greader-answer";
import { feedStreamId, labelStreamId } from "@/lib/greader/stream-id";
import type { GReaderCall } from "@/lib/greader/types";

const collator = new Intl.Collator("en", { sensitivity: "base", numeric: true });

export async function listSubscriptions(call: GReaderCall): Promise<Response> {
  const refused = refuseOtherOutput(call.params);
  if (refused) return refused;
  const sources = await call.db.source.findMany({
    select: { id: true, title: true, customTitle: true, feedUrl: true, siteUrl: true, folder: { select: { name: true } } },
  });
  const subscriptions = sources
    .map((source) => ({
      id: feedStreamId(source.id),
      title: source.customTitle ?? source.title,
      categories: source.folder ? [{ id: labelStreamId(source.folder.name), label: source.folder.name }] : [],
      url: source.feedUrl,
      htmlUrl: source.siteUrl ?? "",
      iconUrl: "",
    }))
    .sort((a, b) => collator.compare(a.title, b.title));
  return answerJson({ subscriptions });
}
