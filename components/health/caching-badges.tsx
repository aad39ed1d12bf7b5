import type { CachingBadge } from "@/lib/reads/health/rules/caching-badge-rules";
import styles from "./caching-badges.module.css";

export const VERDICT_GLYPH = { good: "✓", warn: "!", bad: "✕", unknown: "?" } as const;

/** The publisher's caching quality, each badge with what it means for them in plain words. */
export function CachingBadges({ badges }: { badges: readonly CachingBadge[] }) {
  return (
    <ul className={styles.list}>
      {badges.map((badge) => (
        <li key={badge.key} className={styles.item} data-badge={badge.key} data-verdict={badge.verdict}>
          <span className={`${styles.badge} ${styles[badge.verdict]}`}>
            <span aria-hidden="true">{VERDICT_GLYPH[badge.verdict]}</span> {badge.label}
          </span>
          <span className={styles.meaning}>{badge.meaning}</span>
        </li>
      ))}
    </ul>
  );
}
