import Link from "next/link";
import { ALERT_TITLES } from "@/lib/base/alert-kinds";
import type { AlertOverview, AlertRow } from "@/lib/features/alerts/list-alerts";
import { formatRelative, formatUtc } from "@/lib/reads/health/describe/format-figures";
import styles from "./alert-list.module.css";

/** The health rules' alerts: open ones with when they started and why, then the latest cleared. */
export function AlertList({
  overview,
  now,
  showSource = true,
}: {
  overview: AlertOverview;
  now: Date;
  showSource?: boolean;
}) {
  return (
    <div className={styles.alerts}>
      {overview.failure ? (
        <p className={styles.failure} role="status">
          The last alert evaluation failed at {overview.failure.at} (the round itself was stored):{" "}
          {overview.failure.message}
        </p>
      ) : null}
      {overview.open.length === 0 ? (
        <p className={styles.empty}>No alert is open.</p>
      ) : (
        <ol className={styles.list} aria-label="Open alerts">
          {overview.open.map((alert) => (
            <AlertItem key={alert.id} alert={alert} now={now} showSource={showSource} />
          ))}
        </ol>
      )}
      {overview.cleared.length > 0 ? (
        <details className={styles.cleared}>
          <summary>{overview.cleared.length} cleared in the last 7 days</summary>
          <ol className={styles.list} aria-label="Cleared alerts">
            {overview.cleared.map((alert) => (
              <AlertItem key={alert.id} alert={alert} now={now} showSource={showSource} />
            ))}
          </ol>
        </details>
      ) : null}
    </div>
  );
}

function AlertItem({ alert, now, showSource }: { alert: AlertRow; now: Date; showSource: boolean }) {
  return (
    <li className={styles.item} data-alert-kind={alert.kind} data-cleared={alert.clearedAt ? true : undefined}>
      <span className={styles.kind}>{ALERT_TITLES[alert.kind]}</span>
      <span className={styles.main}>
        {showSource ? (
          alert.sourceId === null ? (
            <span className={styles.title}>The whole fleet</span>
          ) : (
            <Link prefetch={false} href={`/sources/${alert.sourceId}`} className={styles.title}>
              {alert.sourceTitle}
            </Link>
          )
        ) : null}
        <span className={styles.why}>
          Started {formatRelative(alert.startedAt, now)} (
          <time dateTime={alert.startedAt.toISOString()}>{formatUtc(alert.startedAt)}</time>)
          {alert.clearedAt ? `, cleared ${formatRelative(alert.clearedAt, now)}` : ""}: {alert.reason}.
        </span>
      </span>
    </li>
  );
}
