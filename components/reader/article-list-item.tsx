"use client";

import { memo } from "react";
import type { ArticleListItem as Item } from "@/lib/reads/articles/dto";
import type { ReaderLocation } from "@/lib/reads/articles/reader-location";
import { ReaderLink } from "@/components/reader/reader-link";
import { RelativeTime } from "@/components/reader/relative-time";
import { SiteIcon } from "@/components/icons/site-icon";
import styles from "./article-list.module.css";

type Props = {
  item: Item;
  location: ReaderLocation;
  selected: boolean;
  open: boolean;
  onOpen: (id: number) => void;
  /** Its source's site icon (from the sidebar's data), when there is one. */
  icon: string | undefined;
};

/** One row: source and age, title, a line of snippet. Unread rows are bold with a dot. */
export const ArticleListItem = memo(function ArticleListItem({ item, location, selected, open, onOpen, icon }: Props) {
  return (
    <li
      className={styles.row}
      data-article-id={item.id}
      data-read={String(item.read)}
      data-selected={selected || undefined}
    >
      <ReaderLink
        to={{ ...location, articleId: item.id }}
        onNavigate={() => onOpen(item.id)}
        className={styles.link}
        current={open}
      >
        <span className={styles.meta}>
          <span className={styles.unreadDot} aria-hidden="true" />
          <SiteIcon src={icon} />
          <span className={styles.source}>{item.sourceTitle}</span>
          <RelativeTime iso={item.publishedAt} className={styles.time} />
          {item.starred && (
            <span className={styles.star} role="img" aria-label="Starred">
              ★
            </span>
          )}
        </span>
        <span className={styles.title}>
          {item.title || "(untitled)"}
          {!item.read && <span className={styles.srOnly}> (unread)</span>}
        </span>
        {item.snippet && <span className={styles.snippet}>{item.snippet}</span>}
      </ReaderLink>
    </li>
  );
});
