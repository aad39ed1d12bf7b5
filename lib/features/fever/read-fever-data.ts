import "server-only";
// What Fever's read arguments answer, in Fever's shapes. Groups are folders and feeds are
// sources; a feed's favicon_id is its site's icon (0 when none was found), and `favicons` holds
// every icon in use, as Fever gives them: a data URI without its "data:".
import { getDb, getSqlReader } from "@/lib/db/client";
import {
  buildFeverIdsSql,
  buildFeverItemsSql,
  FEVER_TOTAL_SQL,
  type FeverItemRow,
} from "@/lib/features/fever/fever-items-sql";
import type { FeverItemsQuery } from "@/lib/features/fever/parse-fever-request";
import { listSourceIcons } from "@/lib/reads/articles/list-source-icons";
import { displayTitleOf } from "@/lib/db/display-title";

const seconds = (date: Date | null | undefined) => (date ? Math.floor(date.getTime() / 1000) : 0);

export type FeverGroups = {
  groups: { id: number; title: string }[];
  feeds_groups: { group_id: number; feed_ids: string }[];
};

export async function readFeverGroups(): Promise<FeverGroups> {
  const folders = await getDb().folder.findMany({
    orderBy: [{ position: "asc" }, { name: "asc" }],
    select: { id: true, name: true, sources: { select: { id: true }, orderBy: { id: "asc" } } },
  });
  return {
    groups: folders.map((folder) => ({ id: folder.id, title: folder.name })),
    feeds_groups: folders
      .filter((folder) => folder.sources.length > 0)
      .map((folder) => ({ group_id: folder.id, feed_ids: folder.sources.map((source) => source.id).join(",") })),
  };
}

export async function readFeverFeeds() {
  const [sources, icons] = await Promise.all([
    getDb().source.findMany({
      orderBy: { id: "asc" },
      select: { id: true, title: true, customTitle: true, feedUrl: true, siteUrl: true, lastSuccessAt: true },
    }),
    listSourceIcons(getDb()),
  ]);
  return sources.map((source) => ({
    id: source.id,
    favicon_id: icons.get(source.id)?.iconId ?? 0,
    title: displayTitleOf(source),
    url: source.feedUrl,
    site_url: source.siteUrl ?? "",
    is_spark: 0,
    last_updated_on_time: seconds(source.lastSuccessAt),
  }));
}

export async function readFeverItems(query: FeverItemsQuery) {
  const reader = getSqlReader();
  const [rows, [total]] = await Promise.all([
    reader.all<FeverItemRow>(buildFeverItemsSql(query)),
    reader.all<{ total: number | bigint | string }>(FEVER_TOTAL_SQL),
  ]);
  return {
    items: rows.map((row) => ({
      id: row.id,
      feed_id: row.sourceId,
      title: row.title,
      author: row.author ?? "",
      html: row.content ?? row.summary ?? "",
      url: row.url ?? "",
      is_saved: row.starredAt === null ? 0 : 1,
      is_read: row.readAt === null ? 0 : 1,
      created_on_time: seconds(row.publishedAt),
    })),
    total_items: Number(total?.total ?? 0),
  };
}

/** Comma-separated, as Fever has it. */
export async function readFeverItemIds(state: "unread" | "saved"): Promise<string> {
  const rows = await getSqlReader().all<{ id: number }>(buildFeverIdsSql(state));
  return rows.map((row) => row.id).join(",");
}

/** When a feed was last fetched (0 before the first round). */
export async function readLastRefreshed(): Promise<number> {
  const { _max } = await getDb().source.aggregate({ _max: { lastFetchedAt: true } });
  return seconds(_max.lastFetchedAt);
}

/** Every icon some source shows, once each: { id, data: "image/png;base64,…" }. */
export async function readFeverFavicons(): Promise<{ id: number; data: string }[]> {
  const icons = [...(await listSourceIcons(getDb())).values()];
  const ids = [...new Set(icons.map((icon) => icon.iconId))];
  const rows = await getDb().icon.findMany({
    where: { id: { in: ids } },
    orderBy: { id: "asc" },
    select: { id: true, contentType: true, data: true },
  });
  return rows.map((row) => ({
    id: row.id,
    data: `${row.contentType};base64,${Buffer.from(row.data).toString("base64")}`,
  }));
}
