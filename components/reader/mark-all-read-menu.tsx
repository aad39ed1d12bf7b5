"use client";

import { useRef } from "react";
import styles from "./list-toolbar.module.css";

const DAY = 24 * 60 * 60 * 1000;
const CHOICES: { label: string; olderThanMs: number | null }[] = [
  { label: "All in this view", olderThanMs: null },
  { label: "Older than a day", olderThanMs: DAY },
  { label: "Older than a week", olderThanMs: 7 * DAY },
  { label: "Older than a month", olderThanMs: 30 * DAY },
];

/** "Mark all read", for the whole view or only what is older than a day, a week or a month. */
export function MarkAllReadMenu({ onMark, disabled }: { onMark: (olderThan: Date | null) => void; disabled: boolean }) {
  const details = useRef<HTMLDetailsElement>(null);
  return (
    <details className={styles.menu} ref={details}>
      <summary className={styles.button} aria-disabled={disabled || undefined} title="Mark all read (Shift+A)">
        Mark all read
      </summary>
      <div className={styles.menuPanel} role="menu">
        {CHOICES.map((choice) => (
          <button
            key={choice.label}
            type="button"
            role="menuitem"
            className={styles.menuItem}
            disabled={disabled}
            onClick={() => {
              details.current?.removeAttribute("open");
              onMark(choice.olderThanMs === null ? null : new Date(Date.now() - choice.olderThanMs));
            }}
          >
            {choice.label}
          </button>
        ))}
      </div>
    </details>
  );
}
