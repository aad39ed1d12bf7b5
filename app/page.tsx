import { cache } from "react";
import type { Metadata } from "next";
import { dehydrate, HydrationBoundary, QueryClient } from "@tanstack/react-query";
import { NoSources } from "@/components/empty/no-sources";
import { Reader } from "@/components/reader/reader";
import { getArticle } from "@/lib/reads/articles/get-article";
import { getReaderSettings } from "@/lib/reads/articles/get-reader-settings";
import { getSidebar } from "@/lib/reads/articles/get-sidebar";
import { listArticles } from "@/lib/reads/articles/list-articles";
import { parseReaderLocation, scopeOfLocation } from "@/lib/reads/articles/reader-location";
import { getSessionUser } from "@/lib/features/auth/session-user";
import { queryKeys } from "@/components/query-keys";
import { formatUnreadTitle } from "@/lib/reads/articles/unread-title";

export const dynamic = "force-dynamic";

// Read once per request for both the title and the page.
const readSidebar = cache(async () => getSidebar((await getSessionUser()).id, new Date()));

/** The unread count in the tab from the first paint; the client keeps it current. */
export async function generateMetadata(): Promise<Metadata> {
  return { title: { absolute: formatUnreadTitle((await readSidebar()).unread) } };
}

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** The reader, rendered on the server for the URL's view (deep links work), then driven by the client. */
export default async function HomePage({ searchParams }: Props) {
  const location = parseReaderLocation(await searchParams);
  const now = new Date();
  const sidebar = await readSidebar();
  if (sidebar.sources.length === 0 && sidebar.folders.every((folder) => folder.sources.length === 0)) {
    return (
      <>
        <h1 className="page-title">Articles</h1>
        <NoSources />
      </>
    );
  }
  const scope = scopeOfLocation(location);
  const user = await getSessionUser();
  const [page, article, settings] = await Promise.all([
    listArticles({ userId: user.id, scope, order: location.order, cursor: null }),
    location.articleId === null ? null : getArticle(user.id, location.articleId),
    getReaderSettings(),
  ]);
  const client = new QueryClient();
  client.setQueryData(queryKeys.sidebar(), sidebar);
  client.setQueryData(queryKeys.articleList(scope, location.order), { pages: [page], pageParams: [null] });
  if (article) client.setQueryData(queryKeys.article(article.id), article);
  client.setQueryData(queryKeys.readerSettings(), settings);
  return (
    <HydrationBoundary state={dehydrate(client)}>
      <Reader serverNow={now.toISOString()} />
    </HydrationBoundary>
  );
}
