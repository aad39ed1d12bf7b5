import Link from "next/link";
import { SOURCE_HEALTH_STATES, type SourceHealthState } from "@/lib/reads/health/rules/classify-source-health";
import { HEALTH_STATE_META } from "@/lib/reads/health/rules/health-state-meta";
import styles from "./fleet-state-counts.module.css";

/** How many sources are in each health state, with what each state means. */
export function FleetStateCounts({ counts }: { counts: Record<SourceHealthState, number> }) {
  return (
    <ul className={styles.grid} aria-label="Sources by state">
      {SOURCE_HEALTH_STATES.map((state) => {
        const meta = HEALTH_STATE_META[state];
        return (
          <li key={state} className={`${styles.card} ${styles[meta.tone]}`} data-state={state} title={meta.description}>
            <span className={styles.label}>
              <span aria-hidden="true" className={styles.glyph}>
                {meta.glyph}
              </span>{" "}
              {meta.label}
            </span>
            <span className={styles.count}>{counts[state]}</span>
            <span className={styles.description}>{meta.description}</span>
          </li>
        );
      })}
      <li className={styles.more}>
        <Link prefetch={false} href="/sources?sort=problems">
          All sources, problems first →
        </Link>
      </li>
    </ul>
  );
}
