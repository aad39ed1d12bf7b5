import { SOURCE_HEALTH_STATES } from "@/lib/reads/health/rules/classify-source-health";
import { HEALTH_STATE_META } from "@/lib/reads/health/rules/health-state-meta";
import styles from "./health-state-legend.module.css";

/** What each state means, once above a table (rather than a tooltip on every row). */
export function HealthStateLegend() {
  return (
    <details className={styles.legend}>
      <summary>What the states and the strip mean</summary>
      <dl>
        {SOURCE_HEALTH_STATES.map((state) => (
          <div key={state}>
            <dt>
              <span aria-hidden="true">{HEALTH_STATE_META[state].glyph}</span> {HEALTH_STATE_META[state].label}
            </dt>
            <dd>{HEALTH_STATE_META[state].description}</dd>
          </div>
        ))}
        <div>
          <dt>Strip</dt>
          <dd>
            The last 20 fetches, oldest on the left: ✓ ok, = not modified (304), ✕ error. Open a source for the details
            of each.
          </dd>
        </div>
      </dl>
    </details>
  );
}
