import type { SourceHealth } from "@/lib/reads/articles/dto";
import styles from "./sidebar.module.css";

/** Green ok, grey quiet, amber backing off, red breaker open or gone; the reason on hover and for screen readers. */
export function HealthDot({ health, label = "Fetching fine" }: { health: SourceHealth; label?: string }) {
  return <span className={styles.dot} data-health={health} role="img" aria-label={label} title={label} />;
}
