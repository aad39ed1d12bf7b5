// The reader's state in the URL (/?view=unread&source=3&order=oldest&article=42), so that deep
// links, reloads and the back button work. Shared by the server page (first render) and the client (navigation).
import { ALL_ARTICLES, MAX_SEARCH_LENGTH, type ArticleScope } from "@/lib/base/article-scope";
import { defaultOrderFor, effectiveOrder, LIST_ORDERS, type ListOrder } from "@/lib/base/list-order";

export type ReaderView = "all" | "unread" | "starred";

export type ReaderLocation = {
  view: ReaderView;
  sourceId: number | null;
  folderId: number | null;
  q: string | null;
  /** The list's order: a choice of this view, so another view starts in its default order again (a search by best match). */
  order: ListOrder;
  articleId: number | null;
};

/** Like most feed readers, Tidings opens on what is left to read. */
export const DEFAULT_VIEW: ReaderView = "unread";

type ParamSource = URLSearchParams | Record<string, string | string[] | undefined>;

export function parseReaderLocation(params: ParamSource): ReaderLocation {
  const get = (name: string): string | null => {
    if (params instanceof URLSearchParams) return params.get(name);
    const value = params[name];
    return Array.isArray(value) ? (value[0] ?? null) : (value ?? null);
  };
  const view = get("view");
  const sourceId = positiveId(get("source"));
  const q = get("q")?.trim().slice(0, MAX_SEARCH_LENGTH) || null;
  return {
    view: view === "all" || view === "unread" || view === "starred" ? view : DEFAULT_VIEW,
    sourceId,
    folderId: sourceId === null ? positiveId(get("folder")) : null,
    q,
    order: effectiveOrder(
      LIST_ORDERS.find((order) => order === get("order")),
      q,
    ),
    articleId: positiveId(get("article")),
  };
}

export function buildReaderHref(location: ReaderLocation): string {
  const params = new URLSearchParams();
  if (location.view !== DEFAULT_VIEW) params.set("view", location.view);
  if (location.sourceId !== null) params.set("source", String(location.sourceId));
  else if (location.folderId !== null) params.set("folder", String(location.folderId));
  if (location.q !== null) params.set("q", location.q);
  if (location.order !== defaultOrderFor(location.q)) params.set("order", location.order);
  if (location.articleId !== null) params.set("article", String(location.articleId));
  const query = params.toString();
  return query === "" ? "/" : `/?${query}`;
}

export function scopeOfLocation(location: ReaderLocation): ArticleScope {
  return {
    ...ALL_ARTICLES,
    sourceId: location.sourceId,
    folderId: location.folderId,
    unread: location.view === "unread",
    starred: location.view === "starred",
    q: location.q,
  };
}

function positiveId(value: string | null): number | null {
  if (value === null || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id >= 1 && id <= 2_147_483_647 ? id : null;
}
