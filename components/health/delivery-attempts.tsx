import Link from "next/link";
import { ALERT_TITLES, type AlertKind } from "@/lib/base/alert-kinds";
import type { DeliveryAttempts } from "@/lib/reads/health/list-delivery-attempts";
import type { NotifyTarget } from "@/lib/features/notify/notify-target";
import { formatMs, formatUtcSeconds } from "@/lib/reads/health/describe/format-figures";
// The same table as the round history: one look for the health page's logs.
import styles from "./round-history.module.css";

/** Where notifications go, and the latest delivery attempts with their answers. */
export function DeliveryAttemptsTable({
  deliveries,
  target,
}: {
  deliveries: DeliveryAttempts;
  target: NotifyTarget | null;
}) {
  return (
    <>
      <p>
        {target === null ? (
          <>
            No notify URL is set (
            <Link prefetch={false} href="/settings#notifications">
              Settings
            </Link>{" "}
            or <code>TIDINGS_NOTIFY_URL</code>): alerts are shown here only.
          </>
        ) : (
          <>
            Alerts are POSTed to{" "}
            <code>
              {target.url.origin}
              {target.url.pathname}
            </code>{" "}
            ({target.format} format, from the {target.from}).
          </>
        )}{" "}
        {deliveries.waiting > 0 ? `${deliveries.waiting} waiting to be sent.` : null}
      </p>
      {deliveries.attempts.length === 0 ? (
        <p className={styles.empty}>No delivery has been attempted yet.</p>
      ) : (
        <div className={styles.scroll}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">When (UTC)</th>
                <th scope="col">Event</th>
                <th scope="col">Alert</th>
                <th scope="col" className={styles.num}>
                  Answer
                </th>
                <th scope="col" className={styles.num}>
                  Took
                </th>
                <th scope="col">Result</th>
              </tr>
            </thead>
            <tbody>
              {deliveries.attempts.map((attempt) => {
                const { notification } = attempt;
                const delivered = attempt.error === null;
                return (
                  <tr key={attempt.id} data-delivered={delivered || undefined}>
                    <td className={styles.time}>{formatUtcSeconds(attempt.at).replace(" UTC", "")}</td>
                    <td>{notification.event}</td>
                    <td>
                      {ALERT_TITLES[notification.alert.kind as AlertKind]}
                      {notification.alert.sourceId === null ? null : (
                        <>
                          {" "}
                          ·{" "}
                          <Link prefetch={false} href={`/sources/${notification.alert.sourceId}`}>
                            source {notification.alert.sourceId}
                          </Link>
                        </>
                      )}
                    </td>
                    <td className={styles.num}>{attempt.httpStatus ?? "–"}</td>
                    <td className={styles.num}>{formatMs(attempt.durationMs)}</td>
                    <td>{delivered ? "delivered" : describeFailedAttempt(attempt.error ?? "", notification)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}

/** A failed attempt, told with what came of its notification since. */
function describeFailedAttempt(
  error: string,
  notification: { deliveredAt: Date | null; failedAt: Date | null; failure: string | null },
): string {
  if (notification.deliveredAt) return `${error}; delivered on a later attempt`;
  if (notification.failedAt) return `${error}; given up: ${notification.failure}`;
  return `${error}; will retry`;
}
