import { formatUtc } from "@/lib/reads/health/describe/format-figures";
import styles from "./source-history.module.css";

const EVENT_LABELS: Record<string, string> = {
  added: "Added",
  url_changed: "URL changed",
  disabled: "Disabled",
  enabled: "Enabled",
  breaker_opened: "Breaker opened",
  breaker_half_open: "Breaker half-open",
  breaker_closed: "Breaker closed",
};

/** The history of the source itself (not of its fetches). */
export function SourceHistory({
  events,
}: {
  events: ReadonlyArray<{ id: number; at: Date; kind: string; detail: string }>;
}) {
  if (events.length === 0) return <p className={styles.empty}>Nothing happened to this source yet.</p>;
  return (
    <ol className={styles.list}>
      {events.map((event) => (
        <li key={event.id} className={styles.item} data-kind={event.kind}>
          <time dateTime={event.at.toISOString()} className={styles.time}>
            {formatUtc(event.at)}
          </time>
          <span className={`${styles.kind} ${styles[event.kind] ?? ""}`}>{EVENT_LABELS[event.kind] ?? event.kind}</span>
          <span className={styles.detail}>{event.detail}</span>
        </li>
      ))}
    </ol>
  );
}
