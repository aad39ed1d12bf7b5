"use client";

import { useState, type FormEvent } from "react";
import type { ReaderLocation } from "@/lib/reads/articles/reader-location";
import { LIST_ORDERS, type ListOrder } from "@/lib/base/list-order";
import { MarkAllReadMenu } from "@/components/reader/mark-all-read-menu";
import styles from "./list-toolbar.module.css";

const ORDER_LABELS: Record<ListOrder, string> = { best: "Best match", newest: "Newest first", oldest: "Oldest first" };

type Props = {
  title: string;
  location: ReaderLocation;
  onNavigate: (next: Partial<ReaderLocation>) => void;
  onShowFeeds: () => void;
  onMarkAllRead: (olderThan: Date | null) => void;
  markingAllRead: boolean;
  onRefresh: () => void;
  refreshing: boolean;
};

/** The list's header: where we are, unread/all, the order, search within the view (and its order), refresh, mark all read. */
export function ListToolbar({
  title,
  location,
  onNavigate,
  onShowFeeds,
  onMarkAllRead,
  markingAllRead,
  onRefresh,
  refreshing,
}: Props) {
  const oldestFirst = location.order === "oldest";
  const [query, setQuery] = useState(location.q ?? "");
  const [shownQ, setShownQ] = useState(location.q);
  // Back/forward can change the search under us: follow the URL.
  if (shownQ !== location.q) {
    setShownQ(location.q);
    setQuery(location.q ?? "");
  }
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Out of the box, so that j/k read the results at once instead of typing into the search.
    event.currentTarget.querySelector("input")?.blur();
    onNavigate({ q: query.trim() === "" ? null : query.trim(), articleId: null });
  };
  return (
    <div className={styles.toolbar}>
      <div className={styles.row}>
        <button
          type="button"
          className={`${styles.button} ${styles.feeds}`}
          onClick={onShowFeeds}
          aria-label="Show feeds"
        >
          ☰
        </button>
        <h2 className={styles.title}>{title}</h2>
        {location.view !== "starred" && (
          <div className={styles.segmented} role="group" aria-label="Show">
            {(["unread", "all"] as const).map((view) => (
              <button
                key={view}
                type="button"
                aria-pressed={location.view === view}
                onClick={() => onNavigate({ view, articleId: null })}
              >
                {view === "unread" ? "Unread" : "All"}
              </button>
            ))}
          </div>
        )}
        <button
          type="button"
          className={styles.button}
          aria-pressed={oldestFirst}
          title={oldestFirst ? "Showing the oldest first: show the newest first" : "Show the oldest first"}
          onClick={() => onNavigate({ order: oldestFirst ? "newest" : "oldest", articleId: null })}
        >
          {/* A no-break space: a plain one would be trimmed at the flex item's edge. */}
          Oldest<span className={styles.wideOnly}>&nbsp;first</span>
        </button>
      </div>
      <div className={styles.row}>
        <form role="search" className={styles.search} onSubmit={submit}>
          <input
            id="reader-search"
            type="search"
            value={query}
            maxLength={200}
            placeholder="Search this view  /"
            aria-label="Search titles and content in this view"
            onChange={(event) => setQuery(event.target.value)}
            onKeyDown={(event) => event.key === "Escape" && event.currentTarget.blur()}
          />
        </form>
        {location.q !== null && (
          <select
            className={`${styles.button} ${styles.order}`}
            aria-label="Order of the results"
            value={location.order}
            onChange={(event) => {
              const order = LIST_ORDERS.find((choice) => choice === event.target.value);
              if (order) onNavigate({ order, articleId: null });
            }}
          >
            {LIST_ORDERS.map((order) => (
              <option key={order} value={order}>
                {ORDER_LABELS[order]}
              </option>
            ))}
          </select>
        )}
        <button
          type="button"
          className={styles.button}
          onClick={onRefresh}
          aria-disabled={refreshing || undefined}
          title="Check the sources that are due now"
        >
          <span className={styles.narrowOnly} aria-hidden="true">
            ↻
          </span>
          <span className={styles.wideOnly}>{refreshing ? "Refreshing…" : "Refresh"}</span>
        </button>
        <MarkAllReadMenu onMark={onMarkAllRead} disabled={markingAllRead} />
      </div>
    </div>
  );
}
