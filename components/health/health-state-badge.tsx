import type { SourceHealthState } from "@/lib/reads/health/rules/classify-source-health";
import { HEALTH_STATE_META } from "@/lib/reads/health/rules/health-state-meta";
import styles from "./health-state-badge.module.css";

/** A source's health state: glyph + word, coloured by tone; the description is the tooltip. */
export function HealthStateBadge({ state, compact = false }: { state: SourceHealthState; compact?: boolean }) {
  const meta = HEALTH_STATE_META[state];
  return (
    // Compact badges (one per table row) leave the description to the legend above the table.
    <span
      className={`${styles.badge} ${styles[meta.tone]} ${compact ? styles.compact : ""}`}
      title={compact ? undefined : meta.description}
    >
      <span aria-hidden="true" className={styles.glyph}>
        {meta.glyph}
      </span>
      {meta.label}
    </span>
  );
}
