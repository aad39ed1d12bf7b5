import "server-only";
// What Fever's read arguments answer, in Fever's shapes, for one user. Groups are their folders
// and feeds the sources they follow; a feed's favicon_id is its site's icon (0 when none was found), and `favicons` holds
// every icon in use, as Fever gives them: a data URI without its "data:".
import { getDb, getSqlReader } from "@/lib/db/client";
import {
  buildFeverIdsSql,
  buildFeverItemsSql,
  buildFeverTotalSql,
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

export async function readFeverGroups(userId: number): Promise<FeverGroups> {
  const folders = await getDb().userFolder.findMany({
    where: { userId },
    orderBy: [{ position: "asc" }, { name: "asc" }],
    select: { id: true, name: true, subscriptions: { select: { sourceId: true }, orderBy: { sourceId: "asc" } } },
  });
  return {
    groups: folders.map((folder) => ({ id: folder.id, title: folder.name })),
    feeds_groups: folders
      .filter((folder) => folder.subscriptions.length > 0)
      .map((folder) => ({
        group_id: folder.id,
        feed_ids: folder.subscriptions.map((subscription) => subscription.sourceId).join(","),
      })),
  };
}

export async function readFeverFeeds(userId: number) {
  const [subscriptions, icons] = await Promise.all([
    getDb().subscription.findMany({
      where: { userId },
      orderBy: { sourceId: "asc" },
      select: {
        customTitle: true,
        source: { select: { id: true, title: true, feedUrl: true, siteUrl: true, lastSuccessAt: true } },
      },
    }),
    listSourceIcons(getDb()),
  ]);
  return subscriptions.map(({ customTitle, source }) => ({
    id: source.id,
    favicon_id: icons.get(source.id)?.iconId ?? 0,
    title: displayTitleOf({ customTitle, title: source.title }),
    url: source.feedUrl,
    site_url: source.siteUrl ?? "",
    is_spark: 0,
    last_updated_on_time: seconds(source.lastSuccessAt),
  }));
}

export async function readFeverItems(userId: number, query: FeverItemsQuery) {
  const reader = getSqlReader();
  const [rows, [total]] = await Promise.all([
    reader.all<FeverItemRow>(buildFeverItemsSql(userId, query)),
    reader.all<{ total: number | bigint | string }>(buildFeverTotalSql(userId)),
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
      is_read: row.unreadMark === null ? 1 : 0,
      created_on_time: seconds(row.publishedAt),
    })),
    total_items: Number(total?.total ?? 0),
  };
}

/** Comma-separated, as Fever has it. */
export async function readFeverItemIds(userId: number, state: "unread" | "saved"): Promise<string> {
  const rows = await getSqlReader().all<{ id: number }>(buildFeverIdsSql(userId, state));
  return rows.map((row) => row.id).join(",");
}

/** When a feed the user follows was last fetched (0 before the first round). */
export async function readLastRefreshed(userId: number): Promise<number> {
  const { _max } = await getDb().source.aggregate({
    where: { subscriptions: { some: { userId } } },
    _max: { lastFetchedAt: true },
  });
  return seconds(_max.lastFetchedAt);
}

/** Every icon some source the user follows shows, once each: { id, data: "image/png;base64,…" }. */
export async function readFeverFavicons(userId: number): Promise<{ id: number; data: string }[]> {
  const followed = await getDb().subscription.findMany({ where: { userId }, select: { sourceId: true } });
  const bySource = await listSourceIcons(getDb());
  const icons = followed.flatMap(({ sourceId }) => bySource.get(sourceId) ?? []);
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
