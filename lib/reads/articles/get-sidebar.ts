import "server-only";
import { getDb, getSqlReader } from "@/lib/db/client";
import { listSourceIcons } from "@/lib/reads/articles/list-source-icons";
import { siteIconPath } from "@/lib/base/site-icon-path";
import type { Sidebar, SidebarSource } from "@/lib/reads/articles/dto";
import { describeSourceHealth } from "@/lib/reads/articles/source-health";
import {
  buildSidebarFoldersSql,
  buildSidebarSourcesSql,
  buildStarredCountSql,
  type SidebarFolderRow,
  type SidebarSourceRow,
} from "@/lib/reads/articles/sidebar-query";

const collator = new Intl.Collator("en", { sensitivity: "base", numeric: true });

/** One user's folders with their sources, unread counts and health, and the Unread/Starred totals. */
export async function getSidebar(userId: number, now: Date): Promise<Sidebar> {
  const reader = getSqlReader();
  const [rows, folderRows, [starredRow], icons] = await Promise.all([
    reader.all<SidebarSourceRow>(buildSidebarSourcesSql(userId, now)),
    reader.all<SidebarFolderRow>(buildSidebarFoldersSql(userId)),
    reader.all<{ count: number }>(buildStarredCountSql(userId)),
    listSourceIcons(getDb()),
  ]);
  const starred = Number(starredRow?.count ?? 0);
  rows.sort((a, b) => collator.compare(a.title, b.title));
  const byFolder = new Map<number | null, SidebarSource[]>();
  for (const row of rows) {
    const source = {
      id: row.id,
      title: row.title,
      unread: Number(row.unreadCount),
      ...describeSourceHealth(row.state, row.nextCheckReason),
      ...(icons.has(row.id) ? { icon: siteIconPath(icons.get(row.id)!.hash) } : {}),
    };
    const group = byFolder.get(row.folderId);
    if (group) group.push(source);
    else byFolder.set(row.folderId, [source]);
  }
  const all = [...byFolder.values()].flat();
  const folders = folderRows.map((folder) => {
    const inFolder = byFolder.get(folder.id) ?? [];
    return { id: folder.id, name: folder.name, unread: sum(inFolder), sources: inFolder };
  });
  return { unread: sum(all), starred, folders, sources: byFolder.get(null) ?? [] };
}

function sum(sources: SidebarSource[]): number {
  return sources.reduce((total, source) => total + source.unread, 0);
}
