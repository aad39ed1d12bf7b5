import { formatBytes, formatShare } from "@/lib/reads/health/describe/format-figures";
import styles from "./bytes-comparison.module.css";

/**
 * What the fleet's fetches cost publishers against fetching everything unconditionally
 * (estimate: bytes received + the last full body size for every 304).
 */
export function BytesComparison({ received, saved, days }: { received: number; saved: number; days: number }) {
  const unconditional = received + saved;
  const share = unconditional === 0 ? null : received / unconditional;
  return (
    <div className={styles.box}>
      <div className={styles.bars} aria-hidden="true">
        <div className={styles.row}>
          <span className={styles.label}>Tidings</span>
          <span className={styles.track}>
            <span className={styles.actual} style={{ width: `${(share ?? 0) * 100}%` }} />
          </span>
        </div>
        <div className={styles.row}>
          <span className={styles.label}>Unconditional</span>
          <span className={styles.track}>
            <span className={styles.full} style={{ width: unconditional === 0 ? "0%" : "100%" }} />
          </span>
        </div>
      </div>
      <dl className={styles.figures}>
        <div data-figure="received">
          <dt>Transferred ({days} d)</dt>
          <dd>{formatBytes(received)}</dd>
        </div>
        <div data-figure="unconditional">
          <dt>Fetching everything unconditionally</dt>
          <dd>≈ {formatBytes(unconditional)}</dd>
        </div>
        <div data-figure="saved">
          <dt>Saved by conditional requests</dt>
          <dd>
            ≈ {formatBytes(saved)} ({formatShare(unconditional === 0 ? null : saved / unconditional)})
          </dd>
        </div>
      </dl>
      <p className={styles.note}>Estimate: each 304 is counted at the size of the last full response of its source.</p>
    </div>
  );
}
