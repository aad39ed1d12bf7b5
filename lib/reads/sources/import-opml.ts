// An OPML file → sources due at once (no fetch): parse, screen the addresses, import. Used by
// `tidings import` (the web form runs the same steps in chunks to show progress). Not
// server-only: the CLI calls it with its own database client.
import type { Db } from "@/lib/db/client";
import { parseOpml } from "@/lib/pipeline/parse/opml/parse-opml";
import type { OpmlSkip } from "@/lib/pipeline/parse/opml/types";
import { importSources, type ImportedSource } from "@/lib/pipeline/store/sources/import-sources";
import { screenImportEntries } from "@/lib/reads/sources/screen-import-entries";

export type OpmlImportReport =
  { ok: true; added: ImportedSource[]; skipped: OpmlSkip[] } | { ok: false; error: string };

export async function importOpml(
  db: Db,
  userId: number,
  text: string,
  policy: { allowPrivateNetworks: boolean },
  now: Date,
): Promise<OpmlImportReport> {
  const parsed = parseOpml(text);
  if (!parsed.ok) return parsed;
  const { valid, refused } = screenImportEntries(parsed.entries, policy);
  const result = await importSources(db, userId, valid, now);
  return { ok: true, added: result.added, skipped: [...parsed.skipped, ...refused, ...result.skipped] };
}
