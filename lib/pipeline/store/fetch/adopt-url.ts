// A permanent redirect, or an HTML page's one feed link, may point at a feed the user already
// follows under that URL: adopting it would break the unique feed URL, so the source keeps its URL
// and says why. The holders are read before the policy decides (findUrlHolders, part of the
// fetch's plan); the decision is then corrected without another read (keepTakenUrl).
import type { Db } from "@/lib/db/client";
import type { Decision } from "@/lib/pipeline/policy/types";
import { placeholders, type ReadRows } from "@/lib/db/raw-statements";
import type { SourceRow } from "@/lib/pipeline/store/fetch/source-row";

/** URL → id of the source that has it, or null when no source has it. */
export type UrlHolders = ReadonlyMap<string, number | null>;

export async function findUrlHolders(
  db: Db,
  read: ReadRows,
  source: SourceRow,
  candidates: (string | null)[],
): Promise<UrlHolders> {
  const holders = new Map<string, number | null>();
  for (const url of new Set(candidates)) {
    if (url === null || url === source.feedUrl) continue;
    const [holder] = await read<{ id: number }>({
      text: `SELECT "id" FROM "Source" WHERE "feedUrl" = ${placeholders(db)(1)}`,
      values: [url],
    });
    holders.set(url, holder ? Number(holder.id) : null);
  }
  return holders;
}

export function keepTakenUrl(source: SourceRow, decision: Decision, holders: UrlHolders): Decision {
  const target = decision.next.feedUrl;
  if (target === source.feedUrl) return decision;
  const holder = holders.get(target);
  // The policy adopts only a URL the attempt saw (its permanent redirect or discovered feed), and
  // the plan looked each of those up; any other target is a bug, not a publisher's doing.
  if (holder === undefined) throw new Error(`keepTakenUrl: ${target} was not looked up in the fetch's plan`);
  if (holder === null) return decision;
  return {
    ...decision,
    next: { ...decision.next, feedUrl: source.feedUrl, pendingRedirectUrl: null, pendingRedirectCount: 0 },
    events: [
      ...decision.events.filter((event) => event.kind !== "url_changed"),
      {
        kind: "url_changed",
        detail: `Moved permanently to ${target}, which is already subscribed as source #${holder}; URL kept`,
      },
    ],
  };
}
