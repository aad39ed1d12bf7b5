/** One feed to subscribe to, from an OPML outline (URL normalised, title and folder bounded). */
export type OpmlEntry = { url: string; title: string | null; folder: string | null; siteUrl: string | null };

/** An outline that was not imported, and why (in words a person understands). */
export type OpmlSkip = { url: string | null; title: string | null; reason: string };

export type ParsedOpml =
  { ok: true; title: string | null; entries: OpmlEntry[]; skipped: OpmlSkip[] } | { ok: false; error: string };

/** A source as written to an OPML export. */
export type OpmlSource = { title: string; feedUrl: string; siteUrl: string | null; folder: string | null };
