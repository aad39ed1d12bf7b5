import "server-only";
// reader/api/0/subscription/list: every source, in FreshRSS's and Miniflux's shape. iconUrl is
// its site's icon on Tidings's own origin (empty when none was found: apps fall back to their
// own); firstitemmsec is left out, as Miniflux leaves it (no app this was written against needs it).
import { sqlReaderOf } from "@/lib/db/client";
import { answerJson, refuseOtherOutput } from "@/lib/features/greader/protocol/greader-answer";
import { buildSubscriptionsSql, type SubscriptionRow } from "@/lib/features/greader/streams/subscription-sql";
import { feedStreamId, labelStreamId } from "@/lib/features/greader/protocol/stream-id";
import { readerIdOf, type GReaderCall } from "@/lib/features/greader/protocol/types";
import { listSourceIcons } from "@/lib/reads/articles/list-source-icons";
import { siteIconPath } from "@/lib/base/site-icon-path";

const collator = new Intl.Collator("en", { sensitivity: "base", numeric: true });

export async function listSubscriptions(call: GReaderCall): Promise<Response> {
  const refused = refuseOtherOutput(call.params);
  if (refused) return refused;
  const [sources, icons] = await Promise.all([
    sqlReaderOf(call.db).all<SubscriptionRow>(buildSubscriptionsSql(readerIdOf(call))),
    listSourceIcons(call.db),
  ]);
  const origin = new URL(call.request.url).origin;
  const subscriptions = sources
    .map((source) => ({
      id: feedStreamId(source.id),
      title: source.title,
      categories:
        source.folderName === null ? [] : [{ id: labelStreamId(source.folderName), label: source.folderName }],
      url: source.feedUrl,
      htmlUrl: source.siteUrl ?? "",
      iconUrl: icons.has(source.id) ? `${origin}${siteIconPath(icons.get(source.id)!.hash)}` : "",
    }))
    .sort((a, b) => collator.compare(a.title, b.title));
  return answerJson({ subscriptions });
}
