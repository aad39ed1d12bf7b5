"use client";

import { useRef, type RefObject } from "react";
import type { ArticleListItem as Item } from "@/lib/reads/articles/dto";
import type { ReaderLocation } from "@/lib/reads/articles/reader-location";
import { ArticleListItem } from "@/components/reader/article-list-item";
import { useInfiniteScroll } from "@/components/reader/hooks/use-infinite-scroll";
import { useMarkReadOnScroll } from "@/components/reader/hooks/use-mark-read-on-scroll";
import { ARTICLE_LIST_ID } from "@/components/skip-targets";
import styles from "./article-list.module.css";

type Props = {
  scroller: RefObject<HTMLDivElement | null>;
  items: Item[];
  location: ReaderLocation;
  selectedId: number | null;
  status: "pending" | "error" | "success";
  errorMessage: string | null;
  onRetry: () => void;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  loadMore: () => void;
  onOpen: (id: number) => void;
  markReadOnScroll: boolean;
  onScrolledPast: (id: number) => void;
  /** Source id → its site icon's address (the sidebar's data). */
  icons: ReadonlyMap<number, string>;
};

/** The scrolling list of a view, loading the next page before the reader reaches the end. */
export function ArticleList(props: Props) {
  const { scroller, items, location, selectedId, status } = props;
  const sentinel = useRef<HTMLDivElement>(null);
  useInfiniteScroll({
    root: scroller,
    sentinel,
    enabled: props.hasNextPage && !props.isFetchingNextPage,
    loadMore: props.loadMore,
  });
  useMarkReadOnScroll({
    root: scroller,
    enabled: props.markReadOnScroll,
    itemsKey: items,
    onPassed: props.onScrolledPast,
  });

  return (
    // The skip link's target (focusable, so that the next Tab reaches the first article).
    <div className={styles.scroller} ref={scroller} id={ARTICLE_LIST_ID} tabIndex={-1}>
      {status === "pending" && <p className={styles.note}>Loading articles…</p>}
      {status === "error" && (
        <p className={styles.note} role="alert">
          Could not load the articles: {props.errorMessage}{" "}
          <button type="button" className={styles.retry} onClick={props.onRetry}>
            Try again
          </button>
        </p>
      )}
      {status === "success" && items.length === 0 && <p className={styles.note}>{describeEmpty(location)}</p>}
      <ul className={styles.list} aria-label="Articles">
        {items.map((item) => (
          <ArticleListItem
            key={item.id}
            item={item}
            location={location}
            selected={item.id === selectedId}
            open={item.id === location.articleId}
            onOpen={props.onOpen}
            icon={props.icons.get(item.sourceId)}
          />
        ))}
      </ul>
      <div ref={sentinel} className={styles.sentinel} aria-hidden="true" />
      {props.isFetchingNextPage && <p className={styles.note}>Loading more…</p>}
      {status === "success" && items.length > 0 && !props.hasNextPage && <p className={styles.end}>That is all.</p>}
    </div>
  );
}

function describeEmpty(location: ReaderLocation): string {
  if (location.q !== null) return `No articles match “${location.q}” here.`;
  if (location.view === "starred") return "Nothing starred yet. Press s on an article to keep it here.";
  if (location.view === "unread") return "All caught up: nothing unread here.";
  return "No articles here yet.";
}
