import { OUTCOME_META, OUTCOMES } from "@/lib/reads/health/rules/outcome-meta";
import styles from "./outcome-legend.module.css";

/** The key to the strips and charts: colour, glyph and pattern of each outcome. */
export function OutcomeLegend() {
  return (
    <ul className={styles.legend} aria-label="Legend">
      {OUTCOMES.map((outcome) => (
        <li key={outcome}>
          <span className={`${styles.swatch} ${styles[outcome]}`} aria-hidden="true">
            {OUTCOME_META[outcome].glyph}
          </span>
          {OUTCOME_META[outcome].label}
        </li>
      ))}
    </ul>
  );
}
