import { OUTCOME_META, isOutcome } from "@/lib/reads/health/rules/outcome-meta";
import styles from "./notice.module.css";

/** After subscribing: the first fetch's outcome, right at the top, and the schedule in words. */
export function FirstFetchNotice({
  fetch,
  schedule,
}: {
  fetch: { outcome: string; newArticles: number; httpStatus: number | null; errorKind: string | null } | null;
  schedule: string | null;
}) {
  if (!fetch)
    return (
      <p className={styles.notice} role="status">
        Subscribed. The first fetch has not been recorded yet.
      </p>
    );
  const label = isOutcome(fetch.outcome)
    ? `${OUTCOME_META[fetch.outcome].glyph} ${OUTCOME_META[fetch.outcome].label}`
    : fetch.outcome;
  const tone = fetch.outcome === "error" ? styles.bad : styles.ok;
  return (
    <p className={`${styles.notice} ${tone}`} role="status" data-first-fetch={fetch.outcome}>
      Subscribed. First fetch: <strong>{label}</strong>
      {fetch.httpStatus ? ` (HTTP ${fetch.httpStatus})` : ""}, {fetch.newArticles} article
      {fetch.newArticles === 1 ? "" : "s"} stored.
      {schedule ? (
        <>
          <br />
          <span data-schedule-words>{schedule}</span>
        </>
      ) : null}
    </p>
  );
}
