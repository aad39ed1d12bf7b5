// Which part of the sources list the page shows, read from its address: the sort, a health state
// to keep, a search in titles and addresses, and the page number. Anything unreadable falls back to
// its default (an address is typed or shared; a bad one shows the whole list, never an error page).
import { z } from "zod";
import { SOURCE_HEALTH_STATES, type SourceHealthState } from "@/lib/reads/health/rules/classify-source-health";
import { SOURCE_SORTS, type SourceSort } from "@/lib/reads/sources/list-sources";

/** The longest search kept (as for articles). */
export const MAX_SOURCE_QUERY_LENGTH = 200;

export type SourcesView = { sort: SourceSort; state: SourceHealthState | null; q: string; page: number };

const first = (value: unknown) => (Array.isArray(value) ? value[0] : value);
const viewSchema = z.object({
  sort: z.preprocess(first, z.enum(SOURCE_SORTS).catch("title")),
  state: z.preprocess(first, z.enum(SOURCE_HEALTH_STATES).nullable().catch(null)).default(null),
  q: z.preprocess(
    first,
    z
      .string()
      .catch("")
      .transform((q) => q.trim().slice(0, MAX_SOURCE_QUERY_LENGTH)),
  ),
  page: z.preprocess(first, z.coerce.number().int().min(1).max(1_000_000).catch(1)),
});

export function parseSourcesView(params: Record<string, string | string[] | undefined>): SourcesView {
  return viewSchema.parse(params);
}

/** The page's address for this view with some of it changed (defaults left out, page 1 unsaid). */
export function sourcesViewHref(view: SourcesView, changes: Partial<SourcesView> = {}): string {
  const next = { ...view, ...changes };
  const query = new URLSearchParams();
  if (next.sort !== "title") query.set("sort", next.sort);
  if (next.state) query.set("state", next.state);
  if (next.q) query.set("q", next.q);
  if (next.page > 1) query.set("page", String(next.page));
  const text = query.toString();
  return text ? `/sources?${text}` : "/sources";
}
