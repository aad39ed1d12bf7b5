import type { OutcomeShares } from "@/lib/reads/health/rules/compute-outcome-shares";
import { OUTCOME_WINDOWS, type OutcomeWindowKey } from "@/lib/reads/health/get-outcome-windows";
import { formatShare } from "@/lib/reads/health/describe/format-figures";
import styles from "./figures.module.css";

/** Share of each outcome over 24 h, 7 d and 30 d, with the number of fetches behind it. */
export function OutcomeSharesTable({ windows }: { windows: Record<OutcomeWindowKey, OutcomeShares> }) {
  return (
    <table className={styles.table} aria-label="Outcome shares">
      <thead>
        <tr>
          <th scope="col">Window</th>
          <th scope="col">✓ ok</th>
          <th scope="col">= not modified</th>
          <th scope="col">✕ error</th>
          <th scope="col">fetches</th>
        </tr>
      </thead>
      <tbody>
        {OUTCOME_WINDOWS.map((window) => {
          const shares = windows[window.key];
          return (
            <tr key={window.key} data-window={window.key}>
              <th scope="row">{window.label}</th>
              <td>{formatShare(shares.okShare)}</td>
              <td>{formatShare(shares.notModifiedShare)}</td>
              <td>{formatShare(shares.errorShare)}</td>
              <td>{shares.total}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
