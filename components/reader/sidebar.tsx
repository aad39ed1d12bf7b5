"use client";

import { useState } from "react";
import type { Sidebar as SidebarData, SidebarSource } from "@/lib/reads/articles/dto";
import type { ReaderSettings } from "@/lib/settings/reader-settings";
import type { ReaderLocation, ReaderView } from "@/lib/reads/articles/reader-location";
import { HealthDot } from "@/components/reader/health-dot";
import { SiteIcon } from "@/components/icons/site-icon";
import { ReaderLink } from "@/components/reader/reader-link";
import styles from "./sidebar.module.css";

type Props = {
  sidebar: SidebarData;
  location: ReaderLocation;
  onNavigate: (to: ReaderLocation) => void;
  settings: ReaderSettings;
  onSettingsChange: (settings: ReaderSettings) => void;
  onShowHelp: () => void;
  /** On narrow screens the sidebar covers the list: this goes back to it. */
  onClose: () => void;
};

const VIEWS: { view: ReaderView; label: string }[] = [
  { view: "all", label: "All" },
  { view: "unread", label: "Unread" },
  { view: "starred", label: "Starred" },
];

/** All / Unread / Starred, then the sources by folder, with unread counts and a health dot each. */
export function Sidebar({ sidebar, location, onNavigate, settings, onSettingsChange, onShowHelp, onClose }: Props) {
  const [collapsed, setCollapsed] = useState<ReadonlySet<number>>(new Set());
  const base: ReaderLocation = { ...location, sourceId: null, folderId: null, q: null, articleId: null };
  // Choosing a source keeps the reading filter (unread or all); "starred" is a view of its own.
  const sourceView: ReaderView = location.view === "starred" ? "unread" : location.view;
  const sourceLink = (source: SidebarSource) => (
    <li key={source.id}>
      <ReaderLink
        to={{ ...base, view: sourceView, sourceId: source.id }}
        onNavigate={onNavigate}
        className={styles.item}
        current={location.sourceId === source.id}
        data-source-id={source.id}
      >
        <HealthDot health={source.health} label={source.healthLabel} />
        <SiteIcon src={source.icon} />
        <span className={styles.name}>{source.title}</span>
        {source.unread > 0 && <span className={styles.count}>{source.unread}</span>}
      </ReaderLink>
    </li>
  );
  const toggle = (id: number) =>
    setCollapsed((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  return (
    <nav className={styles.sidebar} aria-label="Feeds">
      <button type="button" className={styles.close} onClick={onClose}>
        ← Back to the articles
      </button>
      <ul className={styles.list}>
        {VIEWS.map(({ view, label }) => (
          <li key={view}>
            <ReaderLink
              to={{ ...base, view }}
              onNavigate={onNavigate}
              className={`${styles.item} ${styles.view}`}
              current={location.sourceId === null && location.folderId === null && location.view === view}
            >
              <span className={styles.name}>{label}</span>
              {view === "unread" && sidebar.unread > 0 && <span className={styles.count}>{sidebar.unread}</span>}
              {view === "starred" && sidebar.starred > 0 && <span className={styles.count}>{sidebar.starred}</span>}
            </ReaderLink>
          </li>
        ))}
      </ul>
      {sidebar.folders.map((folder) => (
        <section key={folder.id} className={styles.folder} aria-label={folder.name}>
          <div className={styles.folderRow}>
            <button
              type="button"
              className={styles.toggle}
              aria-expanded={!collapsed.has(folder.id)}
              aria-label={`${collapsed.has(folder.id) ? "Expand" : "Collapse"} ${folder.name}`}
              onClick={() => toggle(folder.id)}
            >
              <span aria-hidden="true">{collapsed.has(folder.id) ? "▸" : "▾"}</span>
            </button>
            <ReaderLink
              to={{ ...base, view: sourceView, folderId: folder.id }}
              onNavigate={onNavigate}
              className={`${styles.item} ${styles.folderLink}`}
              current={location.folderId === folder.id}
            >
              <span className={styles.name}>{folder.name}</span>
              {folder.unread > 0 && <span className={styles.count}>{folder.unread}</span>}
            </ReaderLink>
          </div>
          {!collapsed.has(folder.id) && <ul className={styles.list}>{folder.sources.map(sourceLink)}</ul>}
        </section>
      ))}
      {sidebar.sources.length > 0 && (
        <ul className={`${styles.list} ${styles.unfiled}`}>{sidebar.sources.map(sourceLink)}</ul>
      )}
      <footer className={styles.footer}>
        <label className={styles.setting}>
          <input
            type="checkbox"
            checked={settings.markReadOnScroll}
            onChange={(event) => onSettingsChange({ ...settings, markReadOnScroll: event.target.checked })}
          />
          Mark read when scrolled past
        </label>
        <button type="button" className={styles.help} onClick={onShowHelp}>
          Keyboard shortcuts <kbd>?</kbd>
        </button>
      </footer>
    </nav>
  );
}
