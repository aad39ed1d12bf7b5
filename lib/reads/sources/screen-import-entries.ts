// The address guard for imported feeds, as for the add form: a URL the fetch step would refuse
// (private network, ...) is reported now rather than failing in every round.
import { checkUrl } from "@/lib/pipeline/fetch/check-url";
import type { OpmlEntry, OpmlSkip } from "@/lib/pipeline/parse/opml/types";

export function screenImportEntries(
  entries: readonly OpmlEntry[],
  policy: { allowPrivateNetworks: boolean },
): { valid: OpmlEntry[]; refused: OpmlSkip[] } {
  const valid: OpmlEntry[] = [];
  const refused: OpmlSkip[] = [];
  for (const entry of entries) {
    const verdict = checkUrl(entry.url, policy);
    if (verdict.ok) valid.push({ ...entry, url: verdict.url.href });
    else refused.push({ url: entry.url, title: entry.title, reason: verdict.detail });
  }
  return { valid, refused };
}
