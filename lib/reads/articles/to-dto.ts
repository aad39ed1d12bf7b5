// Rows → DTOs. Links are re-checked here although the parse step resolved them: a link the
// reader puts in an href or src must be http(s), whatever ended up in the database.
import { z } from "zod";
import type { ArticleDetail, ArticleListItem, Enclosure, FullText } from "@/lib/reads/articles/dto";
import type { ListRow } from "@/lib/reads/articles/list-query";

type ArticleRow = Omit<ListRow, "latestId">;

export function toListItem(row: ArticleRow): ArticleListItem {
  return {
    id: row.id,
    sourceId: row.sourceId,
    sourceTitle: row.sourceTitle,
    title: row.title,
    url: webUrlOrNull(row.url),
    author: row.author,
    snippet: row.snippet,
    publishedAt: row.publishedAt.toISOString(),
    read: row.unreadMark === null,
    starred: row.starredAt !== null,
  };
}

export function toDetail(
  row: ArticleRow & { content: string | null; enclosures: string | null; page?: PageRow | null },
): ArticleDetail {
  return {
    ...toListItem(row),
    contentHtml: row.content,
    enclosures: parseEnclosures(row.enclosures),
    fullText: toFullText(row.page ?? null),
  };
}

type PageRow = {
  state: string;
  content: string | null;
  detail: string | null;
  extractedBy: string | null;
  fetchedAt: Date;
};

function toFullText(page: PageRow | null): FullText | null {
  if (page === null) return null;
  const fetchedAt = page.fetchedAt.toISOString();
  if (page.state === "extracted" && page.content !== null)
    return { state: "extracted", html: page.content, fetchedAt, bySelector: page.extractedBy === "selector" };
  return { state: "failed", reason: page.detail ?? "no article could be read from the page", fetchedAt };
}

export function webUrlOrNull(value: string | null): string | null {
  if (value === null) return null;
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url.toString() : null;
  } catch {
    return null;
  }
}

const enclosureSchema = z.object({
  url: z.string(),
  type: z.string().max(200).nullable().catch(null),
  length: z.number().int().nonnegative().nullable().catch(null),
});

/** Article.enclosures is a JSON string of {url,type,length}[]; anything else shows no enclosures. */
export function parseEnclosures(json: string | null): Enclosure[] {
  if (json === null) return [];
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry) => {
    const parsed = enclosureSchema.safeParse(entry);
    if (!parsed.success) return [];
    const url = webUrlOrNull(parsed.data.url);
    return url === null ? [] : [{ url, type: parsed.data.type, length: parsed.data.length }];
  });
}
