"use client";

import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from "react";
import { useQueryClient, type InfiniteData } from "@tanstack/react-query";
import type { ArticlePage, Sidebar as SidebarData } from "@/lib/reads/articles/dto";
import { scopeOfLocation, type ReaderLocation } from "@/lib/reads/articles/reader-location";
import { queryKeys } from "@/components/query-keys";
import { ArticleList } from "@/components/reader/article-list";
import { ArticleView } from "@/components/reader/article-view";
import { ListToolbar } from "@/components/reader/list-toolbar";
import { NewArticlesBanner } from "@/components/reader/new-articles-banner";
import { ShortcutsDialog } from "@/components/reader/shortcuts-dialog";
import { Sidebar } from "@/components/reader/sidebar";
import { findCachedArticle } from "@/components/reader/cache-updates";
import { useArticleQuery } from "@/components/reader/hooks/use-article-query";
import { useArticlesQuery } from "@/components/reader/hooks/use-articles-query";
import { useIsNarrow } from "@/components/reader/hooks/use-is-narrow";
import { useKeyboardShortcuts } from "@/components/reader/hooks/use-keyboard-shortcuts";
import { useMarkReadMutation } from "@/components/reader/hooks/use-mark-read-mutation";
import { useMarkReadOnOpen } from "@/components/reader/hooks/use-mark-read-on-open";
import { useNewArticlesQuery } from "@/components/reader/hooks/use-new-articles-query";
import { readCurrentLocation, useReaderLocation } from "@/components/reader/hooks/use-reader-location";
import { useReaderSettingsMutation } from "@/components/reader/hooks/use-reader-settings-mutation";
import { useReaderSettingsQuery } from "@/components/reader/hooks/use-reader-settings-query";
import { useSidebarQuery } from "@/components/reader/hooks/use-sidebar-query";
import { useUpdateArticleMutation } from "@/components/reader/hooks/use-update-article-mutation";
import { useFullTextMutation } from "@/components/reader/hooks/use-full-text-mutation";
import { useSourceIcons } from "@/components/reader/hooks/use-source-icons";
import { useRefreshMutation } from "@/components/reader/hooks/use-refresh-mutation";
import { useUnreadTitle } from "@/components/reader/hooks/use-unread-title";
import { defaultOrderFor, effectiveOrder } from "@/lib/base/list-order";
import styles from "./reader.module.css";

/** Wires the URL, the queries, the keyboard and the three panes together. */
export function ReaderShell() {
  const client = useQueryClient();
  const { location, navigate } = useReaderLocation();
  const scope = useMemo(() => scopeOfLocation(location), [location]);
  const sidebar = useSidebarQuery();
  const articles = useArticlesQuery(scope, location.order);
  const detail = useArticleQuery(location.articleId);
  const settings = useReaderSettingsQuery();
  const saveSettings = useReaderSettingsMutation();
  const update = useUpdateArticleMutation();
  const fullText = useFullTextMutation();
  const icons = useSourceIcons(sidebar.data);
  const markAllRead = useMarkReadMutation();
  const refresh = useRefreshMutation();
  const latestId = articles.data?.pages[0]?.latestId ?? null;
  const fresh = useNewArticlesQuery(scope, latestId);
  const narrow = useIsNarrow();
  // False on the server and while hydrating: lets tests (and styles) know the keyboard is live.
  const hydrated = useSyncExternalStore(
    subscribeNothing,
    () => true,
    () => false,
  );
  const scopeKey = JSON.stringify(scope);
  // The selection belongs to one view: in another view nothing is selected.
  const [selection, setSelection] = useState<{ scopeKey: string; id: number | null }>({ scopeKey, id: null });
  const selectedId = selection.scopeKey === scopeKey ? selection.id : null;
  const setSelectedId = (id: number | null) =>
    setSelection({ scopeKey: JSON.stringify(scopeOfLocation(readCurrentLocation())), id });
  const [feedsOpen, setFeedsOpen] = useState(false);
  const [helpOpen, setHelpOpen] = useState(false);
  const scroller = useRef<HTMLDivElement>(null);
  const pushedArticle = useRef(false);
  // The list row to give the focus back to once the article it opened has closed.
  const returnFocusTo = useRef<number | null>(null);

  const items = useMemo(() => articles.data?.pages.flatMap((page) => page.items) ?? [], [articles.data]);
  const targetId = location.articleId ?? selectedId;

  // A new view starts at its top.
  useEffect(() => {
    scroller.current?.scrollTo({ top: 0 });
  }, [scopeKey]);

  useEffect(() => {
    if (targetId === null) return;
    scroller.current?.querySelector(`[data-article-id="${targetId}"]`)?.scrollIntoView({ block: "nearest" });
  }, [targetId]);

  const newCount = fresh.data?.count ?? 0;
  // Any article that arrived, in this view or another, changes the sidebar's counts: they are
  // refreshed from the same poll answer that shows the pill, so the two never disagree.
  const freshLatestId = fresh.data?.latestId ?? null;
  useEffect(() => {
    if (freshLatestId !== null && latestId !== null && freshLatestId > latestId)
      void client.invalidateQueries({ queryKey: queryKeys.sidebar() });
  }, [freshLatestId, latestId, client]);

  useUnreadTitle(sidebar.data?.unread);

  useEffect(() => {
    const id = returnFocusTo.current;
    if (location.articleId !== null || id === null) return;
    returnFocusTo.current = null;
    scroller.current?.querySelector<HTMLElement>(`[data-article-id="${id}"] a`)?.focus();
  }, [location.articleId]);

  const markReadOnOpen = useMarkReadOnOpen(location.articleId, detail.data, (id) => update.mutate({ id, read: true }));

  /** Going somewhere on purpose shows that view fresh; back/forward shows it as it was left. */
  const go = useCallback(
    (next: Partial<ReaderLocation>) => {
      const now = readCurrentLocation();
      const target = { ...now, ...next };
      // The order is a choice of one view: another source, folder or view starts in its default
      // order, and so does starting or leaving a search (best match, or newest first).
      const otherView =
        target.view !== now.view ||
        target.sourceId !== now.sourceId ||
        target.folderId !== now.folderId ||
        defaultOrderFor(target.q) !== defaultOrderFor(now.q);
      // (The sidebar hands over the whole current location: an order it did not change is not a choice.)
      if (otherView && target.order === now.order) target.order = defaultOrderFor(target.q);
      target.order = effectiveOrder(target.order, target.q);
      const targetScope = scopeOfLocation(target);
      if (JSON.stringify(targetScope) !== JSON.stringify(scopeOfLocation(now)) || target.order !== now.order) {
        client.removeQueries({ queryKey: queryKeys.articleList(targetScope, target.order), exact: true });
      }
      setFeedsOpen(false);
      navigate(target);
    },
    [client, navigate],
  );

  const openArticle = useCallback(
    (id: number) => {
      setSelection({ scopeKey: JSON.stringify(scopeOfLocation(readCurrentLocation())), id });
      // The first article opened from the list is a history entry; moving between articles is
      // not, so Back always returns to the list.
      const replace = readCurrentLocation().articleId !== null;
      if (!replace) pushedArticle.current = true;
      navigate({ articleId: id }, { replace });
    },
    [navigate],
  );

  const closeArticle = () => {
    const openId = readCurrentLocation().articleId;
    if (openId === null) return setSelectedId(null);
    returnFocusTo.current = openId;
    if (pushedArticle.current) {
      pushedArticle.current = false;
      window.history.back();
    } else {
      navigate({ articleId: null }, { replace: true });
    }
  };

  // Keys can arrive before React re-renders after a navigation: commands read the address bar.
  const liveTargetId = () => readCurrentLocation().articleId ?? selectedId;

  const step = (delta: 1 | -1) => {
    const reading = readCurrentLocation().articleId !== null;
    const currentId = liveTargetId();
    const index = currentId === null ? -1 : items.findIndex((item) => item.id === currentId);
    const next = items[index === -1 ? (delta === 1 ? 0 : -1) : index + delta];
    if (index + delta >= items.length - 3 && articles.hasNextPage && !articles.isFetchingNextPage)
      void articles.fetchNextPage();
    if (!next) return;
    if (reading) openArticle(next.id);
    else setSelectedId(next.id);
  };

  const liveTarget = () => {
    const id = liveTargetId();
    return id === null ? undefined : findCachedArticle(client, id);
  };
  const markAll = (olderThan: Date | null) => markAllRead.mutate({ scope, olderThan, maxId: latestId });

  useKeyboardShortcuts({
    next: () => step(1),
    previous: () => step(-1),
    open: () => selectedId !== null && readCurrentLocation().articleId !== selectedId && openArticle(selectedId),
    close: closeArticle,
    toggleRead: () => {
      const target = liveTarget();
      if (!target) return;
      if (readCurrentLocation().articleId === target.id) markReadOnOpen.keepReadState(target.id);
      update.mutate({ id: target.id, read: !target.read });
    },
    toggleStar: () => {
      const target = liveTarget();
      if (target) update.mutate({ id: target.id, starred: !target.starred });
    },
    openOriginal: () => {
      const url = liveTarget()?.url;
      if (url) window.open(url, "_blank", "noopener,noreferrer");
    },
    markAllRead: () => markAll(null),
    goTo: (view) => go({ view, sourceId: null, folderId: null, q: null, articleId: null }),
    focusSearch: () => document.getElementById("reader-search")?.focus(),
    showHelp: () => setHelpOpen(true),
  });

  const loadNew = () => {
    const key = queryKeys.articleList(scope, location.order);
    client.setQueryData<InfiniteData<ArticlePage, string | null>>(key, (data) =>
      data ? { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) } : data,
    );
    void client.refetchQueries({ queryKey: key, exact: true });
    scroller.current?.scrollTo({ top: 0 });
  };

  const pane = location.articleId !== null ? "article" : feedsOpen ? "sidebar" : "list";
  const hidden = (name: string) => narrow && pane !== name;
  const summary = location.articleId === null ? undefined : findCachedArticle(client, location.articleId);

  return (
    <div className={styles.reader} data-pane={pane} data-ready={hydrated || undefined}>
      <h1 className={styles.srOnly}>Articles</h1>
      <div className={styles.sidebarPane} inert={hidden("sidebar")}>
        {sidebar.data && (
          <Sidebar
            sidebar={sidebar.data}
            location={location}
            onNavigate={go}
            settings={settings.data ?? { markReadOnScroll: false }}
            onSettingsChange={(next) => saveSettings.mutate(next)}
            onShowHelp={() => setHelpOpen(true)}
            onClose={() => setFeedsOpen(false)}
          />
        )}
      </div>
      <section className={styles.listPane} aria-label="Article list" inert={hidden("list")}>
        <ListToolbar
          title={describeView(location, sidebar.data)}
          location={location}
          onNavigate={go}
          onShowFeeds={() => setFeedsOpen(true)}
          onMarkAllRead={markAll}
          markingAllRead={markAllRead.isPending}
          onRefresh={() => refresh.mutate()}
          refreshing={refresh.isPending}
        />
        <div className={styles.listBody}>
          <NewArticlesBanner count={newCount} onLoad={loadNew} />
          <ArticleList
            scroller={scroller}
            items={items}
            location={location}
            selectedId={selectedId}
            status={articles.status}
            errorMessage={articles.error?.message ?? null}
            onRetry={() => void articles.refetch()}
            hasNextPage={articles.hasNextPage}
            isFetchingNextPage={articles.isFetchingNextPage}
            loadMore={articles.fetchNextPage}
            onOpen={openArticle}
            markReadOnScroll={settings.data?.markReadOnScroll ?? false}
            onScrolledPast={(id) => update.mutate({ id, read: true })}
            icons={icons}
          />
        </div>
      </section>
      <div className={styles.articlePane} inert={hidden("article")}>
        {location.articleId === null ? (
          <p className={styles.placeholder}>Choose an article, or press j to start reading.</p>
        ) : (
          <ArticleView
            articleId={location.articleId}
            summary={summary}
            detail={detail.data}
            status={detail.status}
            errorMessage={detail.error ? `Could not open the article: ${detail.error.message}` : null}
            onBack={closeArticle}
            onToggleRead={() => summary && update.mutate({ id: summary.id, read: !summary.read })}
            onToggleStar={() => summary && update.mutate({ id: summary.id, starred: !summary.starred })}
            onFetchFullText={() => location.articleId !== null && fullText.mutate(location.articleId)}
            fetchingFullText={fullText.isPending && fullText.variables === location.articleId}
          />
        )}
      </div>
      <ShortcutsDialog open={helpOpen} onClose={() => setHelpOpen(false)} />
    </div>
  );
}

const subscribeNothing = () => () => undefined;

function describeView(location: ReaderLocation, sidebar: SidebarData | undefined): string {
  const view = { all: "All articles", unread: "Unread", starred: "Starred" }[location.view];
  const sources = [...(sidebar?.sources ?? []), ...(sidebar?.folders.flatMap((folder) => folder.sources) ?? [])];
  const place =
    location.sourceId !== null
      ? sources.find((source) => source.id === location.sourceId)?.title
      : location.folderId !== null
        ? sidebar?.folders.find((folder) => folder.id === location.folderId)?.name
        : null;
  const title = place ?? view;
  return location.q === null ? title : `“${location.q}” in ${title}`;
}
